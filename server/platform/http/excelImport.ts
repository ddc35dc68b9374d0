import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { ApiError, badRequest } from './envelope.ts';
import { checkUnpackedSize, sheetsLast, zipEntries } from './xlsxZip.ts';

/** A row of an uploaded sheet: its number and its cells' values (1-based, as exceljs's row.values). */
export interface UploadedRow {
  number: number;
  values: ExcelJS.CellValue[];
}

/** The refusal of a sheet beyond the row limit; `rowsRead` says how far the reader went. */
export class TooManyRows extends ApiError {
  constructor(
    maxRows: number,
    readonly rowsRead: number,
  ) {
    super(400, `一次最多导入 ${maxRows} 行`);
  }
}

/** Imports running now, by server: each holds a file and its rows in memory. */
const running = new WeakMap<object, number>();

/**
 * The header and data rows of the first sheet of the .xlsx file uploaded with a multipart
 * request, refusing anything else. Memory stays bounded whatever the file holds: the number of
 * imports at once is capped (429), the file may unpack to no more than the configured size, and
 * the sheet is read row by row, stopping at the first row beyond `maxRows`.
 */
export async function readUploadedRows(request: FastifyRequest, maxRows: number): Promise<{ header: ExcelJS.CellValue[]; rows: UploadedRow[] }> {
  if (!request.isMultipart()) throw badRequest('请上传 Excel 文件（.xlsx）');
  const { importConcurrency, importMaxUnpackedBytes } = request.server.config;
  const now = running.get(request.server) ?? 0;
  if (now >= importConcurrency) throw new ApiError(429, '当前导入任务较多，请稍后再试', { 'retry-after': '10' });
  running.set(request.server, now + 1);
  try {
    const part = await request.file();
    if (!part) throw badRequest('没有收到文件');
    const zip = await part.toBuffer();
    const entries = zipEntries(zip);
    await checkUnpackedSize(zip, entries, importMaxUnpackedBytes);
    return await firstSheetRows(sheetsLast(zip, entries), maxRows);
  } finally {
    running.set(request.server, (running.get(request.server) ?? 1) - 1);
  }
}

/** Reads the first worksheet of the (reordered) zip stream until the row limit. */
export async function firstSheetRows(stream: NodeJS.ReadableStream, maxRows: number): Promise<{ header: ExcelJS.CellValue[]; rows: UploadedRow[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream as never, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  // A workbook without shared strings (every text inline) would otherwise have its sheet parked
  // in a temporary file until the end of the zip: the sheets come last anyway (sheetsLast).
  (reader as unknown as { sharedStrings?: unknown[] }).sharedStrings = [];
  let header: ExcelJS.CellValue[] = [];
  const rows: UploadedRow[] = [];
  let read = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        read++;
        if (row.number > maxRows + 1) throw new TooManyRows(maxRows, read);
        const values = row.values as ExcelJS.CellValue[];
        if (row.number === 1) header = values;
        else rows.push({ number: row.number, values });
      }
      return { header, rows };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest('文件不是有效的 Excel（.xlsx）文件');
  }
  throw badRequest('Excel 文件中没有工作表');
}
