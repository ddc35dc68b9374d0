import fs from 'node:fs';
import * as fontkit from 'fontkit';

/** Debian's CJK fonts (fonts-noto-cjk, installed with chromium by .ci/run), bold serif first: seals are cut in a heavy face. */
const SEAL_FACES: [string, string][] = [
  ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc', 'NotoSerifCJKsc-Bold'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', 'NotoSansCJKsc-Bold'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', 'NotoSerifCJKsc-Regular'],
];

/** The same fonts, regular sans first: what a filled-in form field is written in. */
const TEXT_FACES: [string, string][] = [SEAL_FACES[2]!, SEAL_FACES[3]!, SEAL_FACES[1]!, SEAL_FACES[0]!];

const opened = new Map<readonly [string, string][], fontkit.Font | null>();

function firstFont(faces: readonly [string, string][]): fontkit.Font | null {
  if (opened.has(faces)) return opened.get(faces)!;
  let font: fontkit.Font | null = null;
  for (const [file, name] of faces) {
    if (!fs.existsSync(file)) continue;
    const collection = fontkit.openSync(file) as fontkit.Font | fontkit.FontCollection;
    font = 'fonts' in collection ? (collection.getFont(name) as fontkit.Font | null) ?? (collection.fonts[0] as fontkit.Font) : collection;
    if (font) break;
  }
  opened.set(faces, font);
  return font;
}

/** A CJK font whose glyph outlines the seal drawing fills, or null when none is installed (the seal then has no lettering). */
export const cjkFont = (): fontkit.Font | null => firstFont(SEAL_FACES);

/** A regular CJK font for filled-in text, or null when none is installed. */
export const cjkTextFont = (): fontkit.Font | null => firstFont(TEXT_FACES);
