import { useEffect, useRef, useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { corners, geoProblem, polygonOf, MAX_VERTICES, type GeoKind, type GeoValue, type Position } from '../../shared/geo.ts';
import type { MapPickerProps } from '../../shared/schemaTypes.ts';
import { runtimeConfig } from '../../core/runtimeConfig.ts';

// The one map of the engine (G13), on Leaflet: a point or polygon editor for forms, a read-only
// view for cells and details, and the canvas of bespoke map screens (other shapes shown beside
// the edited one). Tiles only when PMS_MAP_TILE_URL names a server; otherwise a blank grid, or the
// declared floor-plan image, so it works on an intranet and in tests with no outside request.

/** A shape drawn beside the edited one, read-only, with its name. */
export interface OtherShape {
  key: string | number;
  geometry: GeoValue;
  label: string;
  color?: string;
}

export interface GeoMapProps extends Partial<MapPickerProps> {
  mode: GeoKind;
  value: GeoValue | null;
  /** Absent: read-only. */
  onChange?: (value: GeoValue | null) => void;
  others?: OtherShape[];
  /** Clicking another shape (a bespoke screen selects it for editing). */
  onPickOther?: (key: string | number) => void;
  'aria-label'?: string;
}

const SHANGHAI: [number, number] = [31.2304, 121.4737];
const EDIT_COLOR = '#1677ff';
/** A blank map's grid, drawn by CSS: no request at all. */
const BLANK = {
  backgroundColor: '#f5f7fa',
  backgroundImage: 'linear-gradient(#e4e8ef 1px, transparent 1px), linear-gradient(90deg, #e4e8ef 1px, transparent 1px)',
  backgroundSize: '32px 32px',
};

const round = (n: number) => Math.round(n * 1e6) / 1e6;
/** GeoJSON is [lng, lat]; Leaflet is [lat, lng]. */
const toLatLng = ([lng, lat]: Position): L.LatLngTuple => [lat, lng];
const pointsOf = (value: GeoValue | null): Position[] =>
  !value ? [] : value.type === 'Point' ? [value.coordinates] : Array.isArray(value.coordinates?.[0]) ? corners(value) : [];

function layerOf(geometry: GeoValue, color: string, label?: string): L.Layer | null {
  const points = pointsOf(geometry);
  if (!points.length) return null;
  const layer = geometry.type === 'Point'
    ? L.circleMarker(toLatLng(points[0]!), { radius: 7, color, weight: 2, fillOpacity: 0.8 })
    : L.polygon(points.map(toLatLng), { color, weight: 2, fillOpacity: 0.15 });
  if (label) layer.bindTooltip(label, { permanent: true, direction: 'center', className: 'pms-geo-label' });
  return layer;
}

/** The picked corner's marker: a small square drawn by CSS (Leaflet's default icon is an image file). */
const vertexIcon = (index: number) => L.divIcon({ className: '', html: `<div data-vertex="${index}" style="width:12px;height:12px;margin:-6px 0 0 -6px;background:#fff;border:2px solid ${EDIT_COLOR};border-radius:2px"></div>`, iconSize: [0, 0] });

export function GeoMap({ mode, value, onChange, others, onPickOther, center, zoom, overlay, height = 360, 'aria-label': label }: GeoMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const drawn = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);
  const [points, setPoints] = useState<Position[]>(() => pointsOf(value));
  const editable = Boolean(onChange);
  // The latest handlers, read by Leaflet's listeners that are bound once.
  const latest = useRef({ points, onChange, mode, onPickOther });
  latest.current = { points, onChange, mode, onPickOther };

  // A value from outside (the form loading its record, a reset, another area chosen) replaces the draft;
  // a polygon still being drawn (fewer than 3 corners, sent as empty) stays.
  // Compared as text, during render (React's way to follow a prop): a value parsed anew each render is the same value.
  const valueText = JSON.stringify(value ?? null);
  const [seenValue, setSeenValue] = useState(valueText);
  if (valueText !== seenValue) {
    setSeenValue(valueText);
    const given = pointsOf(value);
    if (JSON.stringify(given) !== JSON.stringify(points) && !(!value && points.length < 3 && mode === 'polygon')) setPoints(given);
  }

  const commit = (next: Position[]) => {
    setPoints(next);
    const send = latest.current.onChange;
    if (!send) return;
    if (latest.current.mode === 'point') send(next.length ? { type: 'Point', coordinates: next[0]! } : null);
    else send(next.length >= 3 ? polygonOf(next) : null);
  };
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    const element = box.current!;
    const m = L.map(element, { center: center ?? SHANGHAI, zoom: zoom ?? 16, attributionControl: false, zoomSnap: 0.25 });
    const tiles = runtimeConfig().mapTiles;
    if (tiles?.url) {
      L.tileLayer(tiles.url, { subdomains: tiles.subdomains || 'abc', maxZoom: 19 }).addTo(m);
      if (tiles.attribution) L.control.attribution({ prefix: false }).addAttribution(tiles.attribution).addTo(m);
    }
    if (overlay) L.imageOverlay(overlay.url, overlay.bounds as L.LatLngBoundsExpression).addTo(m);
    drawn.current = L.layerGroup().addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      const { points: current, onChange: send, mode: kind } = latest.current;
      if (!send) return;
      const p: Position = [round(e.latlng.lng), round(e.latlng.lat)];
      if (kind === 'point') commitRef.current([p]);
      else if (current.length < MAX_VERTICES) commitRef.current([...current, p]);
    });
    map.current = m;
    // A map opened in a drawer or a modal has no size until it is shown: measure again whenever it changes.
    const observer = new ResizeObserver(() => {
      m.invalidateSize();
      if (!fitted.current && element.clientWidth > 0) {
        fitted.current = true;
        fit();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      m.remove();
      map.current = null;
    };
    // The map is made once; center, zoom and overlay are the field's fixed declaration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Shows the value, else the other shapes, else the overlay, else the declared centre. */
  function fit() {
    const m = map.current;
    if (!m) return;
    const all = [...latest.current.points, ...(others ?? []).flatMap((o) => pointsOf(o.geometry))];
    if (all.length > 1) m.fitBounds(L.latLngBounds(all.map(toLatLng)), { padding: [24, 24], maxZoom: 18 });
    else if (all.length === 1) m.setView(toLatLng(all[0]!), zoom ?? 17);
    else if (overlay) m.fitBounds(overlay.bounds as L.LatLngBoundsExpression);
  }

  // Draws the other shapes and the edited one whenever either changes.
  useEffect(() => {
    const group = drawn.current;
    if (!group) return;
    group.clearLayers();
    for (const other of others ?? []) {
      const layer = layerOf(other.geometry, other.color ?? '#8c8c8c', other.label);
      if (!layer) continue;
      if (onPickOther) layer.on('click', (e) => { L.DomEvent.stopPropagation(e); latest.current.onPickOther?.(other.key); });
      group.addLayer(layer);
    }
    if (mode === 'polygon' && points.length >= 2) group.addLayer(points.length >= 3 ? L.polygon(points.map(toLatLng), { color: EDIT_COLOR, weight: 3, fillOpacity: 0.2, interactive: false }) : L.polyline(points.map(toLatLng), { color: EDIT_COLOR, weight: 3, interactive: false }));
    if (!editable && mode === 'point' && points[0]) group.addLayer(L.circleMarker(toLatLng(points[0]), { radius: 7, color: EDIT_COLOR, fillOpacity: 0.8 }));
    if (editable) {
      points.forEach((p, i) => {
        const marker = L.marker(toLatLng(p), { icon: vertexIcon(i), draggable: true, keyboard: false });
        marker.on('dragend', () => {
          const at = marker.getLatLng();
          const next = [...latest.current.points];
          next[i] = [round(at.lng), round(at.lat)];
          commitRef.current(next);
        });
        group.addLayer(marker);
      });
    }
  }, [points, others, mode, editable, onPickOther]);

  // Other shapes arriving later (a bespoke screen's list) are brought into view once.
  useEffect(() => {
    if (others?.length && fitted.current && !points.length) fit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [others]);

  const problem = mode === 'polygon' && points.length >= 3 ? geoProblem('polygon', polygonOf(points)) : null;
  const hint = !editable
    ? null
    : mode === 'point'
      ? (points.length ? '点击地图可移动位置，也可拖动标记' : '点击地图选择位置')
      : points.length < 3
        ? `在地图上依次点击添加顶点（已添加 ${points.length} 个，至少 3 个）`
        : `已绘制 ${points.length} 个顶点；继续点击可添加，拖动顶点可调整`;

  return (
    <div>
      <div ref={box} role="application" aria-label={label ?? '地图'} data-geo-map={mode} style={{ height, width: '100%', borderRadius: 6, border: '1px solid #d9d9d9', ...BLANK }} />
      {editable && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
          <Space wrap>
            <Typography.Text type="secondary" data-geo-hint>{hint}</Typography.Text>
            {mode === 'polygon' && <Button size="small" disabled={!points.length} onClick={() => commit(points.slice(0, -1))}>撤销上一点</Button>}
            <Button size="small" disabled={!points.length} onClick={() => commit([])}>清除</Button>
          </Space>
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
          <CoordinatesInput points={points} onApply={commit} mode={mode} />
        </Space>
      )}
    </div>
  );
}

/**
 * The plain fallback: the coordinates as text, one 「经度, 纬度」 a line, editable by keyboard (no
 * pointer, or a corner known from a survey); applied when the text box is left.
 */
function CoordinatesInput({ points, onApply, mode }: { points: Position[]; onApply: (points: Position[]) => void; mode: GeoKind }) {
  const text = points.map(([lng, lat]) => `${lng}, ${lat}`).join('\n');
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string | null>(null);
  const [seenText, setSeenText] = useState(text);
  if (text !== seenText) {
    setSeenText(text);
    setDraft(text);
  }
  const apply = () => {
    const lines = draft.split('\n').map((l) => l.trim()).filter(Boolean);
    const parsed = lines.map((l) => l.split(/[,，\s]+/).map(Number));
    if (parsed.some((p) => p.length !== 2 || p.some((n) => !Number.isFinite(n)))) return setError('每行填写「经度, 纬度」两个数字');
    const next = (mode === 'point' ? parsed.slice(0, 1) : parsed.slice(0, MAX_VERTICES)) as Position[];
    const problem = next.length ? (mode === 'point' ? geoProblem('point', { type: 'Point', coordinates: next[0] }) : next.length >= 3 ? geoProblem('polygon', polygonOf(next)) : null) : null;
    setError(problem);
    if (!problem) onApply(next);
  };
  return (
    <div>
      <Input.TextArea aria-label="坐标（每行：经度, 纬度）" placeholder="坐标（每行：经度, 纬度）" autoSize={{ minRows: 1, maxRows: 6 }} value={draft} onChange={(e) => setDraft(e.target.value)} onBlur={apply} />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </div>
  );
}
