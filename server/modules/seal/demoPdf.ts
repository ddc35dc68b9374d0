import fs from 'node:fs';
import PDFDocument from 'pdfkit';

const FONTS: [string, string][] = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', 'NotoSerifCJKsc-Regular'],
];

/** A blank to fill in on the first page: its label at the left margin and an underline from x 180 to 480, `y` points from the top. */
export interface Blank {
  label: string;
  y: number;
}

/** A demo document (a contract, a letter) as an A4 PDF with pdfkit: a title, paragraphs per page, blanks to fill in, and the signature block on the last page. */
export function demoPdf(title: string, pages: string[][], parties: [string, string], blanks: Blank[] = []): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 72, info: { Title: title, Creator: 'PMS 电子签章' } });
  const font = FONTS.find(([file]) => fs.existsSync(file));
  if (font) doc.registerFont('cjk', font[0], font[1]).font('cjk');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  pages.forEach((paragraphs, i) => {
    if (i > 0) doc.addPage();
    if (i === 0) doc.fontSize(20).text(title, { align: 'center' }).moveDown(1.5);
    doc.fontSize(11);
    for (const p of paragraphs) doc.text(p, { lineGap: 6 }).moveDown(0.6);
    if (i === 0) for (const b of blanks) doc.fontSize(12).text(`${b.label}：`, 72, b.y).moveTo(180, b.y + 15).lineTo(480, b.y + 15).lineWidth(0.6).stroke();
  });
  // The signature block sits low on the last page, where templates put the seals (x 90 / 340, y 600 points from the top).
  doc.fontSize(12).text(`甲方（盖章）：${parties[0]}`, 72, 640).text(`乙方（盖章）：${parties[1]}`, 320, 640);
  doc.fontSize(10).text('日期：        年    月    日', 72, 700).text('日期：        年    月    日', 320, 700);
  doc.end();
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}
