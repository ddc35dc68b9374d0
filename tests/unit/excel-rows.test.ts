import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { escapeCell, writeExcel, type ExcelColumn, type ExcelRow } from '../../server/platform/http/excel.ts';

/** Everything written to a stream, once it ends. */
async function collect(write: (stream: PassThrough) => Promise<void>): Promise<Buffer> {
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  await write(stream);
  await ended;
  return Buffer.concat(parts);
}

/** The files of an .xlsx (a zip) as text; the time it was written (docProps/core.xml) left out. */
const files = (xlsx: Buffer) =>
  Object.fromEntries(Object.entries(unzipSync(new Uint8Array(xlsx))).map(([name, bytes]) => [name, strFromU8(bytes).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '(time)')]));

/** The same file written by exceljs alone: every row through addRow and commit. */
async function byExceljs(columns: ExcelColumn[], rows: ExcelRow[]): Promise<Buffer> {
  return collect(async (stream) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) sheet.addRow(Array.isArray(row) ? row.map(escapeCell) : columns.map((c) => escapeCell((row as Record<string, unknown>)[c.key]))).commit();
    await workbook.commit();
  });
}

const columnsOf = (n: number): ExcelColumn[] => Array.from({ length: n }, (_, i) => ({ header: `列${i + 1}`, key: `c${i}` }));

// Texts with what XML escapes or drops, formula starts, Chinese and astral characters.
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', '中', '&', '<', '>', '"', "'", '=', '+', '-', '@', '\t', '\r', '\n', '\u0000', '\u0008', '\u000b', '\u001f', '\u007f', '😀', ' ') }),
  fc.string(),
  fc.constant(''),
);
const cell = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));

describe('export rows (server/platform/http/excel.ts)', () => {
  it('writes the same sheet, byte for byte, as exceljs writes through its rows and cells', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }).chain((width) => fc.tuple(fc.constant(width), fc.array(fc.array(cell, { maxLength: width }), { maxLength: 40 }))),
        async ([width, rows]) => {
          const columns = columnsOf(width);
          const ours = files(await collect((stream) => writeExcel(stream, columns, rows)));
          const theirs = files(await byExceljs(columns, rows));
          expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
          for (const name of Object.keys(theirs)) expect(ours[name], name).toBe(theirs[name]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes keyed rows by the columns and past 200 rows (a batch) as exceljs does', async () => {
    const columns = columnsOf(5);
    const rows = Array.from({ length: 1001 }, (_, i) => ({ c0: i, c1: `工单${i}`, c3: i % 3 ? '=1+1' : null, c4: i % 2 === 0, extra: [1, 2] }));
    const ours = files(await collect((stream) => writeExcel(stream, columns, rows)));
    expect(ours['xl/worksheets/sheet1.xml']).toBe(files(await byExceljs(columns, rows))['xl/worksheets/sheet1.xml']);
    expect(ours['xl/worksheets/sheet1.xml']).toContain('<c r="D1002" t="str"><v>&apos;=1+1</v></c>');
  });

  // Against an independent rule (OWASP CSV injection), not escapeCell itself: text starting with
  // any of = + - @ tab or carriage return is written with a leading apostrophe, nothing else is.
  it('writes every formula-leading text as text, with an apostrophe, and leaves other cells as they are', async () => {
    const LEADING = ['=', '+', '-', '@', '\t', '\r'];
    for (const lead of LEADING) expect(escapeCell(`${lead}SUM(A1)`), JSON.stringify(lead)).toBe(`'${lead}SUM(A1)`);
    fc.assert(
      fc.property(text, (value) => {
        const formula = value.length > 0 && LEADING.includes(value[0]!);
        expect(escapeCell(value)).toBe(formula ? `'${value}` : value);
      }),
      { numRuns: 500 },
    );
    for (const other of [-1, 0, 1.5, true, false, null, undefined]) expect(escapeCell(other)).toBe(other);
    const sheet = files(await collect((stream) => writeExcel(stream, columnsOf(LEADING.length), [LEADING.map((lead) => `${lead}1+1`)])))['xl/worksheets/sheet1.xml']!;
    for (const [i, lead] of LEADING.entries()) {
      expect(sheet, JSON.stringify(lead)).toContain(`<c r="${String.fromCharCode(65 + i)}2" t="str"><v>&apos;${lead}1+1</v></c>`);
    }
  });

  it('refuses a value that is not text, a number or a yes/no', async () => {
    await expect(collect((stream) => writeExcel(stream, columnsOf(1), [[new Date(0)]]))).rejects.toThrow('an Excel cell takes text, a number or a yes/no, not [object Date]');
  });
});
