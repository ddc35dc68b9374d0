import fs from 'node:fs';
import * as fontkit from 'fontkit';

/** Debian's CJK fonts (fonts-noto-cjk, installed with chromium by .ci/run), bold serif first: seals are cut in a heavy face. */
const CANDIDATES: [string, string][] = [
  ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc', 'NotoSerifCJKsc-Bold'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', 'NotoSansCJKsc-Bold'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', 'NotoSerifCJKsc-Regular'],
];

let font: fontkit.Font | null | undefined;

/** A CJK font whose glyph outlines the seal drawing fills, or null when none is installed (the seal then has no lettering). */
export function cjkFont(): fontkit.Font | null {
  if (font !== undefined) return font;
  font = null;
  for (const [file, name] of CANDIDATES) {
    if (!fs.existsSync(file)) continue;
    const opened = fontkit.openSync(file) as fontkit.Font | fontkit.FontCollection;
    font = 'fonts' in opened ? (opened.getFont(name) as fontkit.Font | null) ?? (opened.fonts[0] as fontkit.Font) : opened;
    if (font) break;
  }
  return font;
}
