import ExcelJS from 'exceljs';
import type { Api } from './api.ts';

/** The first sheet of a workbook as rows of cell values, the header row first. */
export async function sheetRows(buffer: ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  return workbook.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
}

/** An export endpoint's answer, signed like the browser's download link: its status and its rows. */
export function downloadSheet(api: Api, path: string, filters: Record<string, unknown> = {}): Promise<{ status: number; rows: unknown[][] }> {
  return signedSheet(api, path, { filters: JSON.stringify(filters) });
}

/** A download with these query parameters (a report's `query`, a list's `filters`), signed as the browser signs it. */
export async function signedSheet(api: Api, path: string, params: Record<string, string>): Promise<{ status: number; rows: unknown[][] }> {
  const { replay, sign } = api.signed(params);
  const search = new URLSearchParams({ ...params, ...Object.fromEntries(Object.entries(replay).map(([k, v]) => [k, String(v)])) });
  const response = await fetch(`${api.baseUrl}${path}?${search}`, { headers: api.headers(sign) });
  return { status: response.status, rows: response.ok ? await sheetRows(await response.arrayBuffer()) : [] };
}
