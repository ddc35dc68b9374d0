import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { badRequest } from './envelope.ts';

/** One stored file of a zip: where its local header starts and where its data (and descriptor) ends. */
interface ZipEntry {
  name: string;
  method: number;
  start: number;
  dataStart: number;
  dataEnd: number;
}

const NOT_XLSX = '文件不是有效的 Excel（.xlsx）文件';

/**
 * The entries of an .xlsx file (a zip) from its central directory, refused unless its local
 * entries follow one another without a gap and end where the directory begins: the streaming
 * reader walks the local entries, so nothing may hide between them that this list does not show.
 */
export function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), Math.max(0, zip.length - 22));
  if (end < 0 || end + 22 > zip.length) throw badRequest(NOT_XLSX);
  const count = zip.readUInt16LE(end + 10);
  const directory = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let at = directory, i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw badRequest(NOT_XLSX);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const start = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    // Zip64 (sizes or offsets of 0xFFFFFFFF) is for files far beyond any upload limit.
    if (compressed === 0xffffffff || start === 0xffffffff || start + 30 > zip.length || zip.readUInt32LE(start) !== 0x04034b50) throw badRequest(NOT_XLSX);
    if (method !== 0 && method !== 8) throw badRequest(NOT_XLSX);
    const dataStart = start + 30 + zip.readUInt16LE(start + 26) + zip.readUInt16LE(start + 28);
    entries.push({ name, method, start, dataStart, dataEnd: dataStart + compressed });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const inOrder = [...entries].sort((a, b) => a.start - b.start);
  let next = 0;
  for (const e of inOrder) {
    // A data descriptor (up to 16 bytes, with its signature) may follow an entry's data.
    if (e.start < next || e.start > next + 16 || e.dataEnd > directory) throw badRequest(NOT_XLSX);
    next = e.dataEnd;
  }
  if (directory < next || directory > next + 16) throw badRequest(NOT_XLSX);
  return inOrder;
}

/**
 * Refuses an .xlsx whose files unpack to more than `maxBytes` in all (a zip bomb: a few
 * megabytes of repeated cells unpack to gigabytes). Counts the bytes actually inflated, not the
 * sizes the file declares, and stops at the limit, holding no more than a chunk at a time.
 */
export async function checkUnpackedSize(zip: Buffer, entries: ZipEntry[], maxBytes: number): Promise<void> {
  let total = 0;
  const tooBig = () => badRequest(`Excel 文件解压后超过 ${Math.floor(maxBytes / (1024 * 1024))} MB，请拆分后分批导入`);
  for (const e of entries) {
    if (e.method === 0) {
      total += e.dataEnd - e.dataStart;
      if (total > maxBytes) throw tooBig();
      continue;
    }
    const inflate = createInflateRaw();
    const done = new Promise<void>((resolve, reject) => {
      inflate.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) {
          inflate.destroy();
          reject(tooBig());
        }
      });
      inflate.on('end', resolve);
      inflate.on('error', () => reject(badRequest(NOT_XLSX)));
    });
    inflate.end(zip.subarray(e.dataStart, e.dataEnd));
    await done;
  }
}

/**
 * The zip's bytes with every worksheet after the other files (shared strings, styles, the
 * workbook and its relations), so the streaming reader reads a worksheet row by row as it comes
 * instead of parking it in a temporary file until the shared strings have been read.
 */
export function sheetsLast(zip: Buffer, entries: ZipEntry[]): Readable {
  const isSheet = (e: ZipEntry) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name);
  const sheetNumber = (e: ZipEntry) => Number(/(\d+)\.xml$/.exec(e.name)![1]);
  const ordered = [...entries.filter((e) => !isSheet(e)), ...entries.filter(isSheet).sort((a, b) => sheetNumber(a) - sheetNumber(b))];
  const ends = new Map(entries.map((e, i) => [e, entries[i + 1]?.start ?? directoryStart(zip)]));
  return Readable.from(
    (function* () {
      for (const e of ordered) yield zip.subarray(e.start, ends.get(e));
      yield zip.subarray(directoryStart(zip));
    })(),
  );
}

function directoryStart(zip: Buffer): number {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), Math.max(0, zip.length - 22));
  return zip.readUInt32LE(end + 16);
}
