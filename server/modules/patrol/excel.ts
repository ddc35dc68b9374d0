import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/http/envelope.ts';
import { escapeCell } from '../../platform/http/excel.ts';
import { readUploadedRows } from '../../platform/http/excelImport.ts';
import { asAttachment, XLSX_TYPE } from '../../platform/http/attachment.ts';

export const MAX_IMPORT_ROWS = 5000;

/** A column of an import template: its header (with （必填） when required). */
export interface TemplateColumn {
  key: string;
  title: string;
  required?: boolean;
  width?: number;
}

export const headerOf = (c: TemplateColumn) => c.title + (c.required ? '（必填）' : '');

export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return String(value.result ?? '').trim();
    if (value instanceof Date) return value.toISOString().slice(0, 10);
  }
  return String(value).trim();
}

/** The filled rows of an uploaded template, by column key; refuses a file that is not the template. */
export async function readTemplate(request: FastifyRequest, columns: TemplateColumn[]): Promise<SheetRow[]> {
  const sheet = await readUploadedRows(request, MAX_IMPORT_ROWS);
  const header = sheet.header.slice(1).map((v) => cellText(v).replace(/（必填）$/, ''));
  const index = new Map(header.map((h, i) => [h, i + 1]));
  const missing = columns.filter((c) => !index.has(c.title)).map((c) => c.title);
  if (missing.length) throw badRequest(`模板列不完整，缺少：${missing.join('、')}；请下载最新模板`);
  const rows: SheetRow[] = [];
  for (const excelRow of sheet.rows) {
    const cells: Record<string, string> = {};
    for (const c of columns) cells[c.key] = cellText(excelRow.values[index.get(c.title)!]);
    if (Object.values(cells).some((v) => v !== '')) rows.push({ row: excelRow.number, cells });
  }
  if (!rows.length) throw badRequest('Excel 中没有数据行');
  return rows;
}

export interface RowError {
  row: number;
  message: string;
}

/**
 * The answer to an import with bad rows: nothing was imported; the message names the first
 * rows and data.errors lists every bad row with its number and reason.
 */
export function sendImportErrors(reply: FastifyReply, errors: RowError[]) {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const text = sorted.slice(0, 5).map((e) => `第 ${e.row} 行：${e.message}`).join('；');
  const message = `导入失败，未导入任何数据。${text}${sorted.length > 5 ? `；等 ${sorted.length} 处错误` : ''}`;
  return reply.code(400).send({ status: '400', code: '400', message, data: { errors: sorted } });
}

/**
 * An import template: the columns to fill on the first sheet, and a 填写说明 sheet with the
 * rules and the codes that may be used (so nobody has to guess a category code).
 */
export async function sendTemplate(reply: FastifyReply, fileName: string, columns: TemplateColumn[], notes: string[], lookups: { title: string; rows: string[][] }) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入数据');
  sheet.columns = columns.map((c) => ({ header: headerOf(c), key: c.key, width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet('填写说明');
  help.getColumn(1).width = 30;
  help.getColumn(2).width = 40;
  for (const note of notes) help.addRow([note]);
  help.addRow([]);
  help.addRow([lookups.title]).font = { bold: true };
  // Category names and codes are anyone's text: escaped as every exported cell is (formula injection).
  for (const r of lookups.rows) help.addRow(r.map(escapeCell));
  const buffer = await workbook.xlsx.writeBuffer();
  return asAttachment(reply, XLSX_TYPE, fileName).send(Buffer.from(buffer));
}
