/**
 * Map geometry a `json` field with `"geo"` holds (G13): one GeoJSON Point or one Polygon of a
 * single outer ring, coordinates `[longitude, latitude]` in WGS 84 degrees. Shared so the server's
 * check on every write and the picker's own hint say the same thing.
 */
export type GeoKind = 'point' | 'polygon';

export type Position = [number, number];
export interface GeoPoint { type: 'Point'; coordinates: Position }
export interface GeoPolygon { type: 'Polygon'; coordinates: Position[][] }
export type GeoValue = GeoPoint | GeoPolygon;

/** Most corners one area may have: enough for any drawn estate boundary, bounded for the database and the browser. */
export const MAX_VERTICES = 200;

export const GEO_KIND_NAMES: Record<GeoKind, string> = { point: '坐标点', polygon: '多边形' };

/** The JSON schema ajv checks first: the structure alone, bounded (the meaning is checked by geoProblem). */
export function geoJsonSchema(kind: GeoKind): Record<string, unknown> {
  const position = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } };
  if (kind === 'point') {
    return { type: 'object', additionalProperties: false, required: ['type', 'coordinates'], properties: { type: { enum: ['Point'] }, coordinates: position } };
  }
  const ring = { type: 'array', maxItems: MAX_VERTICES + 1, items: position };
  return { type: 'object', additionalProperties: false, required: ['type', 'coordinates'], properties: { type: { enum: ['Polygon'] }, coordinates: { type: 'array', minItems: 1, maxItems: 1, items: ring } } };
}

function positionProblem(p: unknown): string | null {
  if (!Array.isArray(p) || p.length !== 2 || !p.every((n) => typeof n === 'number' && Number.isFinite(n))) return '坐标须为 [经度, 纬度] 两个数字';
  const [lng, lat] = p as Position;
  if (lng < -180 || lng > 180) return `经度 ${lng} 超出范围（-180 至 180）`;
  if (lat < -90 || lat > 90) return `纬度 ${lat} 超出范围（-90 至 90）`;
  return null;
}

/**
 * What is wrong with a value for a `kind` field, as a Chinese phrase (null: nothing): a Point or a
 * Polygon of one closed ring (its last position repeats the first) of at least 3 distinct corners
 * and at most MAX_VERTICES, every coordinate within range.
 */
export function geoProblem(kind: GeoKind, value: unknown): string | null {
  const v = value as { type?: unknown; coordinates?: unknown } | null;
  const expected = kind === 'point' ? 'Point' : 'Polygon';
  if (!v || typeof v !== 'object' || Array.isArray(v) || v.type !== expected) return `须为 GeoJSON ${expected}（${GEO_KIND_NAMES[kind]}）`;
  if (kind === 'point') return positionProblem(v.coordinates);
  const rings = v.coordinates;
  if (!Array.isArray(rings) || rings.length !== 1 || !Array.isArray(rings[0])) return '须为一个外边界（一组坐标）';
  const ring = rings[0] as unknown[];
  for (const p of ring) {
    const problem = positionProblem(p);
    if (problem) return problem;
  }
  const positions = ring as Position[];
  const first = positions[0];
  const last = positions.at(-1);
  if (positions.length < 4 || !first || !last || first[0] !== last[0] || first[1] !== last[1]) return '边界须闭合（最后一个坐标与第一个相同），且至少有 3 个不同的顶点';
  const distinct = new Set(positions.slice(0, -1).map(([lng, lat]) => `${lng},${lat}`)).size;
  if (distinct < 3) return '至少需要 3 个不同的顶点';
  if (positions.length - 1 > MAX_VERTICES) return `顶点不能超过 ${MAX_VERTICES} 个`;
  return null;
}

/** A value as stored (JSON text) or sent (an object): the object, or null when there is none. */
export function geoValue(value: unknown): GeoValue | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as GeoValue;
    } catch {
      return null;
    }
  }
  return value as GeoValue;
}

/** A closed ring's corners without the repeated last one. */
export const corners = (polygon: GeoPolygon): Position[] => polygon.coordinates[0]!.slice(0, -1);

/** Corners (at least 3) as a Polygon with its ring closed. */
export const polygonOf = (points: Position[]): GeoPolygon => ({ type: 'Polygon', coordinates: [[...points, points[0]!]] });

/** A short text for a list cell or an export: 「多边形（6 个顶点）」, 「121.4737, 31.2304」. */
export function geoSummary(value: unknown): string {
  const v = geoValue(value);
  if (!v) return '';
  if (v.type === 'Point' && Array.isArray(v.coordinates)) return `${v.coordinates[0].toFixed(6)}, ${v.coordinates[1].toFixed(6)}`;
  if (v.type === 'Polygon' && Array.isArray(v.coordinates?.[0])) return `多边形（${Math.max(0, v.coordinates[0].length - 1)} 个顶点）`;
  return '';
}
