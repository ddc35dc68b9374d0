import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { asAttachment, XLSX_TYPE } from './attachment.ts';
import { badRequest } from './envelope.ts';

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

/** A row: its values by column key, or a list of them in the columns' order. */
export type ExcelRow = Record<string, unknown> | unknown[];

/** Sheet XML queued for the zip beyond which the export waits: a few batches of rows. */
const ZIP_BACKLOG = 1 << 20;

/**
 * Streams rows into an .xlsx download (exceljs streaming writer), so an export of any size
 * never holds the whole file in memory.
 */
export async function sendExcel(
  reply: FastifyReply,
  fileName: string,
  columns: ExcelColumn[],
  rows: Iterable<ExcelRow> | AsyncIterable<ExcelRow>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  asAttachment(reply, XLSX_TYPE, fileName).send(stream);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  plainCellsUnstyled(workbook);
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  const zipQueue = sheetZipQueue(sheet);
  const keys = columns.map((c) => c.key);
  let count = 0;
  for await (const row of rows) {
    // Values in column order: exceljs takes a list as is, a keyed object it looks up column by column.
    sheet.addRow(Array.isArray(row) ? row.map(escapeCell) : keys.map((key) => escapeCell(row[key]))).commit();
    // Rows read in a loop of promises alone would pile up before zlib and the socket ever run:
    // give them their turn now and then, and wait while the zip or the client is behind.
    if (++count % 200 === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      while (zipQueue._writableState.length > ZIP_BACKLOG) await once(zipQueue, 'drain');
      if (stream.writableNeedDrain) await once(stream, 'drain');
    }
  }
  await workbook.commit();
  return reply;
}

/**
 * exceljs looks a cell's style up by rendering it to XML, and gives every cell a fresh style
 * object, so its cache never hits: half the time of a large export went to finding that a
 * plain cell has the default style. A cell without style of its own gets style 0 (the default)
 * straight away; dates (which carry a number format) and styled cells take exceljs's way.
 */
function plainCellsUnstyled(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const styles = (workbook as unknown as { styles: { addStyleModel(model: object | undefined, cellType: number): number } }).styles;
  const addStyleModel = styles.addStyleModel.bind(styles);
  styles.addStyleModel = (model, cellType) =>
    model && cellType !== ExcelJS.ValueType.Date && Object.keys(model).length === 0 ? 0 : addStyleModel(model, cellType);
}

/**
 * The stream that carries the sheet's XML into the zip. exceljs writes to it without heeding
 * its answer, so a producer faster than zlib would queue the whole sheet uncompressed (about
 * 140 MB for 100,000 rows): the export watches its queue instead.
 */
function sheetZipQueue(sheet: ExcelJS.Worksheet): NodeJS.EventEmitter & { _writableState: { length: number } } {
  const queue = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as (NodeJS.EventEmitter & { _writableState?: { length: number } }) | undefined;
  if (!queue?._writableState) throw new Error('exceljs changed: the sheet stream has no zip queue to watch');
  return queue as NodeJS.EventEmitter & { _writableState: { length: number } };
}

/** The first sheet of the .xlsx file uploaded with a multipart request; refuses anything else. */
export async function readUploadedSheet(request: FastifyRequest): Promise<ExcelJS.Worksheet> {
  if (!request.isMultipart()) throw badRequest('请上传 Excel 文件（.xlsx）');
  const part = await request.file();
  if (!part) throw badRequest('没有收到文件');
  const buffer = await part.toBuffer();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件不是有效的 Excel（.xlsx）文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('Excel 文件中没有工作表');
  return sheet;
}
