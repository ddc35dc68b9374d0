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

/**
 * Streams rows into an .xlsx download (exceljs streaming writer), so an export of any size
 * never holds the whole file in memory.
 */
export async function sendExcel(
  reply: FastifyReply,
  fileName: string,
  columns: ExcelColumn[],
  rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  asAttachment(reply, XLSX_TYPE, fileName).send(stream);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, escapeCell(v)]))).commit();
    // Rows read in a loop of promises alone would pile up before zlib and the socket ever run:
    // give them their turn now and then, and wait while the client is slower than the export.
    if (++count % 200 === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      if (stream.writableNeedDrain) await once(stream, 'drain');
    }
  }
  await workbook.commit();
  return reply;
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
