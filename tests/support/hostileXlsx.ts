import { createDeflateRaw } from 'node:zlib';

/**
 * Hostile workbooks (issue 40, finding 8), written directly as zip files so that building one
 * costs the test neither the memory nor the time that reading it would cost a careless server:
 * a sheet of very many rows, and a sheet that deflates a huge run of one letter to a few
 * hundred kilobytes (a zip bomb).
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

interface ZipFile {
  name: string;
  chunks: Iterable<string>;
}

/** A zip of the files, each deflated chunk by chunk (no file's text is ever whole in memory). */
async function zipOf(files: ZipFile[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const deflate = createDeflateRaw({ level: 9 });
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    const ended = new Promise((resolve) => deflate.on('end', resolve));
    let crc = 0;
    let size = 0;
    for (const chunk of file.chunks) {
      const bytes = Buffer.from(chunk);
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end();
    await ended;
    const data = Buffer.concat(compressed);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directorySize = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function columnLetters(n: number): string {
  let letters = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const rowXml = (r: number, cells: (string | number)[]) =>
  `<row r="${r}">${cells.map((v, i) => (typeof v === 'number' ? `<c r="${columnLetters(i + 1)}${r}"><v>${v}</v></c>` : `<c r="${columnLetters(i + 1)}${r}" t="str"><v>${xmlText(v)}</v></c>`)).join('')}</row>`;

/** An .xlsx of one sheet whose XML is the given chunks between the sheet's opening and closing. */
function workbook(sheetData: Iterable<string>): Promise<Buffer> {
  const ns = 'http://schemas.openxmlformats.org';
  return zipOf([
    {
      name: '[Content_Types].xml',
      chunks: [
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ],
    },
    { name: '_rels/.rels', chunks: [`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`] },
    // The sheet before the workbook's own files, as Excel writes it: a careless streaming reader parks it.
    { name: 'xl/worksheets/sheet1.xml', chunks: (function* () {
      yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>`;
      yield* sheetData;
      yield '</sheetData></worksheet>';
    })() },
    { name: 'xl/workbook.xml', chunks: [`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`] },
    { name: 'xl/_rels/workbook.xml.rels', chunks: [`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`] },
  ]);
}

/** A workbook of the header and `count` data rows made by `row` (row numbers from 2). */
export function manyRowsWorkbook(header: string[], count: number, row: (i: number) => (string | number)[]): Promise<Buffer> {
  return workbook(
    (function* () {
      yield rowXml(1, header);
      for (let i = 0; i < count; i += 1000) {
        let batch = '';
        for (let j = i; j < Math.min(count, i + 1000); j++) batch += rowXml(j + 2, row(j));
        yield batch;
      }
    })(),
  );
}

/** A workbook whose one data cell holds `megabytes` MB of one letter: a few hundred KB zipped. */
export function bombWorkbook(header: string[], megabytes: number): Promise<Buffer> {
  const mb = 'A'.repeat(1024 * 1024);
  return workbook(
    (function* () {
      yield rowXml(1, header);
      yield '<row r="2"><c r="A2" t="str"><v>';
      for (let i = 0; i < megabytes; i++) yield mb;
      yield '</v></c></row>';
    })(),
  );
}
