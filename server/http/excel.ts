import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { create as contentDisposition } from 'content-disposition';

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
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(stream);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for await (const row of rows) {
    sheet.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, escapeCell(v)]))).commit();
  }
  await workbook.commit();
  return reply;
}
