import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
// exceljs's own escaping, so the rows written here read exactly as exceljs writes them.
import exceljsUtils from 'exceljs/lib/utils/utils.js';
import { asAttachment, XLSX_TYPE } from './attachment.ts';

export interface ExcelColumn {
  header: string;
  key: string;
  width?: number;
}

/**
 * A spreadsheet cell that starts with = + - @ (or a tab / carriage return) would be run as a
 * formula by Excel: it is written as text with a leading apostrophe (OWASP CSV injection).
 */
export function escapeCell(value: unknown): unknown {
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
  return value;
}

/**
 * A row: its values by column key, or a list of them in the columns' order. A value is text, a
 * number or a yes/no; null and undefined leave the cell empty (rowXml).
 */
export type ExcelRow = Readonly<Record<string, unknown>> | readonly unknown[];

/** Sheet XML queued for the zip beyond which the export waits: a few batches of rows. */
const ZIP_BACKLOG = 1 << 20;
/** Rows written to the sheet at a time, between which the zip and the client get their turn. */
const ROW_BATCH = 200;

/**
 * Streams rows into an .xlsx download (exceljs streaming writer), so an export of any size
 * never holds the whole file in memory. exceljs writes the workbook, the columns and the header
 * row; the data rows' XML is written here (rowXml), as exceljs would write it.
 */
export async function sendExcel(
  reply: FastifyReply,
  fileName: string,
  columns: ExcelColumn[],
  rows: Iterable<ExcelRow> | AsyncIterable<ExcelRow>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  asAttachment(reply, XLSX_TYPE, fileName).send(stream);
  await writeExcel(stream, columns, rows);
  return reply;
}

/** Writes the .xlsx file of the rows to `stream` (sendExcel), heeding its backpressure. */
export async function writeExcel(stream: Writable, columns: ExcelColumn[], rows: Iterable<ExcelRow> | AsyncIterable<ExcelRow>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  // Writes the columns, opens the sheet's data and writes the header row: the data rows follow it.
  sheet.getRow(1).commit();
  const sheetStream = sheetXmlStream(sheet);
  const zipQueue = sheetZipQueue(sheetStream);
  const keys = columns.map((c) => c.key);
  const letters = columns.map((_, i) => columnLetters(i + 1));
  let number = 1;
  let batch = '';
  for await (const row of rows) {
    batch += rowXml(++number, isList(row) ? row : keys.map((key) => row[key]), letters);
    // Rows read in a loop of promises alone would pile up before zlib and the socket ever run:
    // give them their turn now and then, and wait while the zip or the client is behind.
    if (number % ROW_BATCH === 0) {
      sheetStream.write(batch);
      batch = '';
      await new Promise((resolve) => setImmediate(resolve));
      while (zipQueue._writableState.length > ZIP_BACKLOG) await once(zipQueue, 'drain');
      if (stream.writableNeedDrain) await once(stream, 'drain');
    }
  }
  if (batch) sheetStream.write(batch);
  await workbook.commit();
}

const { xmlEncode } = exceljsUtils;

const isList = (row: ExcelRow): row is readonly unknown[] => Array.isArray(row);

/** A column's letters: 1 → A, 27 → AA. */
function columnLetters(n: number): string {
  let letters = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * A data row's XML exactly as exceljs's row and cell xforms write it for unstyled cells
 * (tests/unit/excel-rows.test.ts compares the two): exceljs builds a row object, a cell object and
 * a model per cell and renders them through an XML builder, which took over a third of a
 * 100,000-row export. Texts are escaped with exceljs's own xmlEncode (which also drops the
 * control characters XML cannot hold) after escapeCell. A row without values is not written; its
 * number is still used, as in exceljs.
 */
function rowXml(number: number, cells: readonly unknown[], letters: readonly string[]): string {
  let xml = '';
  let min = 0;
  let max = 0;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === undefined) continue;
    // Null cells count in the row's span, as exceljs's empty cells do, but write nothing.
    if (!min) min = i + 1;
    max = i + 1;
    if (value === null) continue;
    const at = `<c r="${letters[i] ?? columnLetters(i + 1)}${number}"`;
    if (typeof value === 'string') xml += `${at} t="str"><v>${xmlEncode(escapeCell(value) as string)}</v></c>`;
    else if (typeof value === 'boolean') xml += `${at} t="b"><v>${value ? 1 : 0}</v></c>`;
    else if (typeof value === 'number') xml += `${at}><v>${xmlEncode(String(value))}</v></c>`;
    // Exports write dates and times as text; anything else is a mistake of the caller's.
    else throw new TypeError(`an Excel cell takes text, a number or a yes/no, not ${Object.prototype.toString.call(value)}`);
  }
  return xml ? `<row r="${number}" spans="${min}:${max}" x14ac:dyDescent="0.25">${xml}</row>` : '';
}

type Queue = NodeJS.EventEmitter & { _writableState: { length: number } };

/** The worksheet's XML stream, which exceljs pipes into the zip. */
function sheetXmlStream(sheet: ExcelJS.Worksheet): { write(xml: string): unknown; pipes?: unknown[] } {
  const stream = (sheet as unknown as { stream?: { write(xml: string): unknown; pipes?: unknown[] } }).stream;
  if (!stream?.write) throw new Error('exceljs changed: the worksheet has no XML stream');
  return stream;
}

/**
 * The stream that carries the sheet's XML into the zip. exceljs writes to it without heeding
 * its answer, so a producer faster than zlib would queue the whole sheet uncompressed (about
 * 140 MB for 100,000 rows): the export watches its queue instead.
 */
function sheetZipQueue(sheetStream: { pipes?: unknown[] }): Queue {
  const queue = sheetStream.pipes?.[0] as (NodeJS.EventEmitter & { _writableState?: { length: number } }) | undefined;
  if (!queue?._writableState) throw new Error('exceljs changed: the sheet stream has no zip queue to watch');
  return queue as Queue;
}
