import { PDFDocument, StandardFonts, rgb, pushGraphicsState, popGraphicsState, rectangle, clip, endPath, type PDFImage, type PDFPage } from 'pdf-lib';
import { fillPdf, type FillField, type FillValues } from './fillFields.ts';

/** Where a seal goes, in PDF points from the page's top-left corner (what the viewer and templates use). */
export interface Placement {
  page: number;
  x: number;
  y: number;
  w: number;
  /** normal: on one page; straddle (骑缝章): cut into slices along the right edge of every page, `y` its top. */
  kind: 'normal' | 'straddle';
}

export interface StampResult {
  bytes: Uint8Array;
  pages: number;
  /** Where each placement landed, page by page (a straddle seal once per page). */
  stamped: { page: number; x: number; y: number; w: number; kind: 'normal' | 'straddle' }[];
}

/** Draws the seal on one page at top-left (x, y) in points, converting to PDF's bottom-left origin. */
function draw(page: PDFPage, image: PDFImage, x: number, y: number, w: number) {
  page.drawImage(image, { x, y: page.getHeight() - y - w, width: w, height: w });
}

/**
 * Stamps a PDF with pdf-lib: the seal image at each placement, a straddle seal sliced across
 * the pages' right edges (each page shows its own slice, clipped), and on the last page the
 * verification code and its QR so a printed copy can be checked. A template's fill-in answers
 * are written first, so the hash covers them. Refuses a placement outside the document.
 */
export async function stampPdf(original: Uint8Array, sealPng: Uint8Array, placements: Placement[], verify: { code: string; qrPng: Uint8Array }, fill?: { fields: FillField[]; values: FillValues }): Promise<StampResult> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  if (fill) fillPdf(doc, fill.fields, fill.values);
  const pages = doc.getPages();
  const image = await doc.embedPng(sealPng);
  const stamped: StampResult['stamped'] = [];
  for (const p of placements) {
    if (p.kind === 'straddle') {
      const slice = p.w / pages.length;
      pages.forEach((page, i) => {
        const left = page.getWidth() - slice;
        const bottom = page.getHeight() - p.y - p.w;
        // Slice i of the seal shows at the right edge: the image shifted left by i slices, clipped to the edge strip.
        page.pushOperators(pushGraphicsState(), rectangle(left, bottom, slice, p.w), clip(), endPath());
        page.drawImage(image, { x: left - i * slice, y: bottom, width: p.w, height: p.w });
        page.pushOperators(popGraphicsState());
        stamped.push({ page: i + 1, x: left, y: p.y, w: slice, kind: 'straddle' });
      });
      continue;
    }
    const page = pages[p.page - 1];
    if (!page) throw new RangeError(`第 ${p.page} 页不存在（文件共 ${pages.length} 页）`);
    if (p.x + p.w > page.getWidth() + 1 || p.y + p.w > page.getHeight() + 1) throw new RangeError(`第 ${p.page} 页的盖章位置超出页面`);
    draw(page, image, p.x, p.y, p.w);
    stamped.push({ page: p.page, x: p.x, y: p.y, w: p.w, kind: 'normal' });
  }
  const last = pages[pages.length - 1]!;
  const qr = await doc.embedPng(verify.qrPng);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  last.drawImage(qr, { x: 24, y: 24, width: 56, height: 56 });
  last.drawText(`Verify: ${verify.code}`, { x: 86, y: 30, size: 8, font, color: rgb(0.35, 0.35, 0.35) });
  doc.setModificationDate(new Date());
  return { bytes: await doc.save(), pages: pages.length, stamped };
}
