import { PNG } from 'pngjs';
import { cjkFont } from './cjkFont.ts';

type Point = [number, number];
type Polygon = Point[];

/** A quadratic or cubic Bézier flattened to points (enough for a seal's pixel size). */
function flatten(from: Point, controls: Point[], to: Point, steps = 8): Point[] {
  const out: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    // de Casteljau: each round interpolates neighbours, one point fewer, until one is left.
    let pts = [from, ...controls, to];
    while (pts.length > 1) pts = pts.slice(1).map((p, j): Point => [pts[j]![0] + (p[0] - pts[j]![0]) * t, pts[j]![1] + (p[1] - pts[j]![1]) * t]);
    out.push(pts[0]!);
  }
  return out;
}

/** A glyph's outline as polygons in font units (y up). */
function glyphPolygons(char: string): { polygons: Polygon[]; unitsPerEm: number } {
  const font = cjkFont();
  if (!font) return { polygons: [], unitsPerEm: 1000 };
  const glyph = font.glyphForCodePoint(char.codePointAt(0)!);
  const polygons: Polygon[] = [];
  let current: Polygon = [];
  let at: Point = [0, 0];
  for (const { command, args } of glyph.path.commands) {
    if (command === 'moveTo') {
      if (current.length > 2) polygons.push(current);
      at = [args[0]!, args[1]!];
      current = [at];
    } else if (command === 'lineTo') {
      at = [args[0]!, args[1]!];
      current.push(at);
    } else if (command === 'quadraticCurveTo') {
      const to: Point = [args[2]!, args[3]!];
      current.push(...flatten(at, [[args[0]!, args[1]!]], to));
      at = to;
    } else if (command === 'bezierCurveTo') {
      const to: Point = [args[4]!, args[5]!];
      current.push(...flatten(at, [[args[0]!, args[1]!], [args[2]!, args[3]!]], to));
      at = to;
    }
  }
  if (current.length > 2) polygons.push(current);
  return { polygons, unitsPerEm: font.unitsPerEm };
}

/** A character's polygons placed on the image: `size` px high, centred at (cx, cy), turned by `angle` (radians, clockwise). */
function placedChar(char: string, size: number, cx: number, cy: number, angle: number, squeeze = 1): Polygon[] {
  const { polygons, unitsPerEm } = glyphPolygons(char);
  const scale = size / unitsPerEm;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return polygons.map((poly) =>
    poly.map(([x, y]): Point => {
      // Font units: origin at the baseline, the em box's centre at (em/2, em*0.38); flip y for the image.
      const dx = (x - unitsPerEm / 2) * scale * squeeze;
      const dy = -(y - unitsPerEm * 0.38) * scale;
      return [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos];
    }),
  );
}

function star(cx: number, cy: number, r: number): Polygon {
  return Array.from({ length: 10 }, (_, i): Point => {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
  });
}

/** Fills polygons (non-zero winding) into a coverage mask, 4 samples a pixel for smooth edges. */
function fill(mask: Float32Array, size: number, polygons: Polygon[]): void {
  const edges = polygons.flatMap((poly) => poly.map((p, i): [Point, Point] => [p, poly[(i + 1) % poly.length]!]));
  for (let row = 0; row < size; row++) {
    for (const sub of [0.25, 0.75]) {
      const y = row + sub;
      const crossings: [number, number][] = [];
      for (const [a, b] of edges) {
        if ((a[1] <= y && b[1] > y) || (b[1] <= y && a[1] > y)) crossings.push([a[0] + ((y - a[1]) / (b[1] - a[1])) * (b[0] - a[0]), a[1] < b[1] ? 1 : -1]);
      }
      crossings.sort((p, q) => p[0] - q[0]);
      let winding = 0;
      for (let i = 0; i < crossings.length - 1; i++) {
        winding += crossings[i]![1];
        if (winding === 0) continue;
        const [from, to] = [crossings[i]![0], crossings[i + 1]![0]];
        for (let col = Math.max(0, Math.floor(from)); col < Math.min(size, Math.ceil(to)); col++) {
          for (const sx of [0.25, 0.75]) if (col + sx >= from && col + sx < to) mask[row * size + col] = Math.min(1, mask[row * size + col]! + 0.25);
        }
      }
    }
  }
}

/**
 * A red round seal as a transparent PNG: the ring, the company's name along the top arc, the
 * five-pointed star and the seal's kind across the bottom, drawn from the system's CJK font's
 * outlines (the way seal makers lay out 公章 and 合同专用章).
 */
export function roundSealPng(company: string, kind: string, size = 240): Buffer {
  const c = size / 2;
  const mask = new Float32Array(size * size);
  // The ring: everything between two radii, sampled per pixel.
  const [outer, inner] = [c - 4, c - 4 - size * 0.035];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      if (d <= outer && d >= inner) mask[y * size + x] = 1;
    }
  }
  const shapes: Polygon[] = [star(c, c, size * 0.15)];
  const chars = [...company];
  const charSize = size * (chars.length > 14 ? 0.11 : 0.13);
  const arcRadius = inner - charSize * 0.62;
  // The name spans about 240° of the top arc, evenly spaced, each character upright toward the centre.
  const span = Math.min((240 * Math.PI) / 180, chars.length * 0.36);
  chars.forEach((ch, i) => {
    const a = -span / 2 + (chars.length === 1 ? span / 2 : (i * span) / (chars.length - 1));
    shapes.push(...placedChar(ch, charSize, c + arcRadius * Math.sin(a), c - arcRadius * Math.cos(a), a, 0.85));
  });
  const kindChars = [...kind];
  const kindSize = size * 0.095;
  kindChars.forEach((ch, i) => shapes.push(...placedChar(ch, kindSize, c + (i - (kindChars.length - 1) / 2) * kindSize * 1.02, c + size * 0.28, 0)));
  fill(mask, size, shapes);
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) {
    png.data[i * 4] = 216;
    png.data[i * 4 + 1] = 30;
    png.data[i * 4 + 2] = 36;
    png.data[i * 4 + 3] = Math.round(mask[i]! * 235);
  }
  return PNG.sync.write(png);
}
