import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Api } from './api.ts';

/** Helpers of the patrol server tests: raw downloads, multipart uploads, reading xlsx and QR labels. */

const replayQuery = (replay: Record<string, unknown>) => new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)])).toString();

/** A signed call whose answer is a file: status, headers and the bytes. */
export async function fetchFile(api: Api, method: 'GET' | 'POST', url: string, params: Record<string, unknown> = {}) {
  const { replay, sign } = api.signed(params);
  const query = method === 'GET' ? { ...params, ...replay } : replay;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
  const init: RequestInit = { method, headers: { ...api.headers(sign), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) } };
  if (method === 'POST') init.body = JSON.stringify(params);
  const response = await fetch(`${api.baseUrl}${url}?${search}`, init);
  return { http: response.status, type: response.headers.get('content-type') ?? '', disposition: decodeURIComponent(response.headers.get('content-disposition') ?? ''), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A signed multipart upload (only the replay parameters are signed, as the browser does). */
export async function uploadFile(api: Api, url: string, bytes: Buffer | Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const { replay, sign } = api.signed({});
  const response = await fetch(`${api.baseUrl}${url}?${replayQuery(replay)}`, { method: 'POST', headers: { token: api.token, authtoken: api.token, sign }, body: form });
  return { http: response.status, body: (await response.json()) as { status: string; message: string; data?: any } };
}

/** A form-encoded POST (spec 5: strings trimmed, empties dropped), signed over its fields. */
export async function postForm(api: Api, url: string, fields: Record<string, string | number>) {
  const params = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const { replay, sign } = api.signed(params);
  const response = await fetch(`${api.baseUrl}${url}?${replayQuery(replay)}`, {
    method: 'POST',
    headers: { ...api.headers(sign), 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams(params).toString(),
  });
  return { http: response.status, body: (await response.json()) as { status: string; message: string; data?: any } };
}

/** Rows of every sheet of an xlsx, as arrays of cell texts (header row included). */
export async function readSheets(bytes: Buffer): Promise<Record<string, string[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Record<string, string[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    out[sheet.name] = rows;
  }
  return out;
}

/** An xlsx with a header row and data rows, as a person fills in a template. */
export async function workbookOf(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入数据');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * What a phone camera reads from printed labels: the PDF is rasterised at 150 dpi (poppler's
 * pdftoppm) and every QR code on every page decoded by zbarimg (Debian's zbar-tools).
 */
export function decodeQrPdf(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-qr-'));
  try {
    fs.writeFileSync(path.join(dir, 'labels.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', path.join(dir, 'labels.pdf'), path.join(dir, 'page')]);
    const pages = fs.readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
    const texts: string[] = [];
    for (const page of pages) {
      const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', path.join(dir, page)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      texts.push(...out.split('\n').filter(Boolean));
    }
    return texts;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A real 1×1 PNG, for photo uploads. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
