import { PDFDocument, rgb } from 'pdf-lib';
import { cjkTextFont } from './cjkFont.ts';
import type { FillField } from '../../../src/shared/sealFillField.ts';

export type { FillField };

export type FillValues = Record<string, string | number>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

const isDate = (text: string) => {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/**
 * What is wrong with an application's answers to its template's fields, in the words the
 * applicant sees, or null: no field the template lacks, each value of its type (a real date,
 * an amount with at most two decimals), and, when `complete`, every required field answered.
 */
export function fillProblem(fields: readonly FillField[], values: FillValues, complete: boolean): string | null {
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const key of Object.keys(values)) if (!byName.has(key)) return `模板没有填写项「${key}」`;
  for (const field of fields) {
    const raw = values[field.name];
    const text = raw === undefined || raw === null ? '' : String(raw).trim();
    if (!text) {
      if (complete && field.required) return `请填写模板内容「${field.label}」`;
      continue;
    }
    if (field.type === 'date' && !isDate(text)) return `「${field.label}」须为日期，如 2026-11-29`;
    if (field.type === 'amount' && !AMOUNT.test(text)) return `「${field.label}」须为金额（不为负数，最多两位小数）`;
  }
  return null;
}

/** A value as written on the document: an amount with thousands separators and two decimals, a date as 2026年11月29日. */
export function shownValue(field: FillField, raw: string | number): string {
  const text = String(raw).trim();
  if (field.type === 'amount') return `${Number(text).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;
  if (field.type === 'date') {
    const [, y, m, d] = DATE.exec(text)!;
    return `${y}年${Number(m)}月${Number(d)}日`;
  }
  return text;
}

/**
 * Writes the answers onto the PDF at their fields' boxes, in the system's CJK font drawn as
 * vector outlines (pdf-lib cannot subset the CID-keyed Noto CJK faces reliably, and outlines
 * print and render the same everywhere). A value wider than its box is set smaller to fit.
 * Refuses a field on a page the document lacks.
 */
export function fillPdf(doc: PDFDocument, fields: readonly FillField[], values: FillValues): void {
  const pages = doc.getPages();
  const font = cjkTextFont();
  for (const field of fields) {
    const raw = values[field.name];
    if (raw === undefined || raw === null || String(raw).trim() === '') continue;
    const page = pages[field.page - 1];
    if (!page) throw new RangeError(`模板填写项「${field.label}」在第 ${field.page} 页，文件只有 ${pages.length} 页`);
    if (!font) throw new RangeError('服务器没有安装中文字体，不能写入模板内容');
    const run = font.layout(shownValue(field, raw));
    const width = run.positions.reduce((sum, p) => sum + p.xAdvance, 0);
    const size = Math.max(6, Math.min(field.size, (field.w * font.unitsPerEm) / Math.max(width, 1)));
    const k = size / font.unitsPerEm;
    let pen = 0;
    const outline = run.glyphs
      .map((glyph, i) => {
        const svg = glyph.path.scale(k, -k).translate(pen * k, 0).toSVG();
        pen += run.positions[i]!.xAdvance;
        return svg;
      })
      .join(' ');
    // The baseline sits a font size below the box's top; pdf-lib's SVG y runs downward from (x, y).
    page.drawSvgPath(outline, { x: field.x, y: page.getHeight() - field.y - size, color: rgb(0.05, 0.05, 0.1), borderWidth: 0 });
  }
}
