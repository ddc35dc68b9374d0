import { Switch, Tag, message } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { CellContent } from './columnWidths.ts';
import { useDictionary, type DictItem } from './data.ts';
import { cellText, dictLabel, isEmpty, percentOf, type CellSpec } from './cellText.ts';
import { RESOURCES } from './catalogue.ts';
import type { CellType } from '../shared/schemaTypes.ts';
import { colorName } from '../shared/tagColors.ts';
import { sizeText, storedFiles } from './files/fileValue.ts';
import { geoSummary } from '../shared/geo.ts';
import { Link } from 'react-router-dom';
import { isLinkValue, linkHref } from './linkCell.ts';
import { mayOpenPath } from './permissions.tsx';
import type { CellLink } from '../shared/schemaTypes.ts';

export type { CellSpec } from './cellText.ts';

export const readField = (record: Record<string, unknown>, field: string): unknown =>
  field.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), record);

/** What a column shows of a row: its field, or with `of` that field as a part of the whole `of` names. */
export function columnValue(spec: { field: string; of?: string; cell?: CellType; link?: CellLink }, row: Record<string, unknown>): unknown {
  const value = readField(row, spec.field);
  // A link opens the record the row names: its text with the address, or nothing to open.
  if (spec.cell === 'link' && spec.link) return isEmpty(value) ? null : { text: value, href: linkHref(spec.link, row) };
  // A lateness cell names its deadline too, which the resource answers beside it (lateness_of).
  if (spec.cell === 'lateness') return isEmpty(value) ? null : { minutes: Number(value), of: readField(row, 'lateness_of') };
  // A link field or a multi-select shows the names the server answers beside it ("<field>_label"), never ids or JSON.
  if (Array.isArray(value)) {
    const names = readField(row, `${spec.field}_label`);
    if (typeof names === 'string') return names || null;
  }
  if (!spec.of) return value;
  const whole = readField(row, spec.of);
  return isEmpty(whole) ? null : { part: Number(value ?? 0), whole: Number(whole) };
}

const LazyProgress = lazy(() => import('./progressCell.tsx').then((m) => ({ default: m.ProgressBar })));

// The image viewer and the rich-text sanitizer (DOMPurify) are heavy and few lists show them: they load with the first such cell.
const media = () => import('./mediaCells.tsx');
const LazyImageCell = lazy(() => media().then((m) => ({ default: m.ImageCell })));
export const SafeHtml = lazy(() => media().then((m) => ({ default: m.SafeHtml })));
// Files with their PDF viewer and video player: loaded with the first file cell, pdf.js only on a preview.
const LazyFileCell = lazy(() => import('./files/FileCell.tsx'));
// Map geometry: the summary at once, the map (Leaflet) only when 地图 is clicked.
const LazyGeoCell = lazy(() => import('./geo/GeoCell.tsx'));

/** Spec 9: images open in the viewer with its toolbar and navbar off. */
export const ImageCell = ({ value }: { value: unknown }) => (
  <Suspense fallback={null}>
    <LazyImageCell value={value} />
  </Suspense>
);

/** The enable/disable switch of a row; calls the resource's enable endpoint. */
export function EnableSwitch({ value, editable, onToggle }: { value: unknown; editable: boolean; onToggle: (enabled: 0 | 1) => Promise<boolean> }) {
  const [loading, setLoading] = useState(false);
  const on = value === 1 || value === true;
  return (
    <Switch
      checked={on}
      disabled={!editable}
      loading={loading}
      checkedChildren="启用"
      unCheckedChildren="停用"
      onChange={async (next) => {
        setLoading(true);
        const done = await onToggle(next ? 1 : 0);
        setLoading(false);
        if (!done) message.error('操作失败');
      }}
    />
  );
}

/** A "state" cell shows the states of its resource's workflow as tags. */
export function withStates(spec: CellSpec, resource: string): CellSpec {
  if (spec.cell !== 'state') return spec;
  return { ...spec, cell: 'enum', enum: RESOURCES.get(resource)?.workflow?.states ?? {} };
}

function DictCell({ dict, value }: { dict: string; value: unknown }) {
  const { text, item } = dictLabel(useDictionary(dict), value);
  return item?.color ? <Tag color={item.color}>{text}</Tag> : <>{text}</>;
}

/** A tag's room beside its text: its padding, border and margin (antd's Tag). */
const TAG = 7 * 2 + 2 + 8;
/** An image's thumbnail and the space after it (mediaCells.tsx). */
const IMAGE = 48 + 4;
/** The enable switch with its longest label. */
const SWITCH = 64;
/** A progress bar beside its label. */
const PROGRESS = 140;

const plain = (text: string): CellContent => ({ text, extra: 0 });
const tagged = (text: string): CellContent => ({ text, small: true, extra: TAG });

/**
 * A kind of cell: how it shows a value that is not empty, and what that is as text with the room
 * around it, for its column's width (columnWidths.ts). One entry holds both, so they cannot drift.
 */
interface CellKind {
  render(spec: CellSpec, value: unknown): ReactNode;
  content(spec: CellSpec, value: unknown, dictItems: DictItem[] | null | undefined): CellContent;
  /** An empty value: a dash unless the kind shows something else. */
  empty?: { render: ReactNode; content: CellContent };
}

const TEXT: CellKind = { render: cellText, content: (spec, value) => plain(cellText(spec, value)) };

/** The names of a list of enum values (a multi-select read without its label), joined by 、. */
const enumNames = (spec: CellSpec, value: unknown[]) => value.map((v) => spec.enum?.[String(v)]?.text ?? String(v)).join('、');

const ENUM: CellKind = {
  render(spec, value) {
    if (Array.isArray(value)) return enumNames(spec, value);
    const option = spec.enum?.[String(value)];
    if (!option) return String(value);
    return option.color ? <Tag color={option.color}>{option.text}</Tag> : option.text;
  },
  content(spec, value) {
    if (Array.isArray(value)) return plain(enumNames(spec, value));
    const option = spec.enum?.[String(value)];
    return option?.color ? tagged(option.text) : plain(option?.text ?? String(value));
  },
};

/** The cell registry of page schemas: every cell type a column or description may name. */
const CELL_KINDS: Record<CellType, CellKind> = {
  text: TEXT,
  number: TEXT,
  money: TEXT,
  datetime: TEXT,
  date: TEXT,
  duration: TEXT,
  // A workflow's states, once withStates has made them an enum; its stored value before.
  state: TEXT,
  enum: ENUM,
  tag: ENUM,
  dict: {
    render: (spec, value) => <DictCell dict={spec.dict!} value={value} />,
    content(_, value, dictItems) {
      const { text, item } = dictLabel(dictItems, value);
      return item?.color ? tagged(text) : plain(text);
    },
  },
  percent: TEXT,
  lateness: {
    render: (spec, value) => {
      const text = cellText(spec, value);
      return (value as { minutes: number }).minutes > 0 ? <Tag color="error">{text}</Tag> : text;
    },
    content: (spec, value) => tagged(cellText(spec, value)),
  },
  progress: {
    render: (spec, value) => {
      const percent = percentOf(value) ?? 0;
      const label = cellText(spec, value);
      return (
        <Suspense fallback={label}>
          <LazyProgress percent={percent} label={label} />
        </Suspense>
      );
    },
    content: () => ({ text: '', extra: PROGRESS }),
  },
  color: { render: (_, value) => <Tag color={String(value)}>{colorName(String(value))}</Tag>, content: (_, value) => tagged(colorName(String(value))) },
  image: {
    render: (_, value) => <ImageCell value={value} />,
    content: (_, value) => ({ text: '', extra: IMAGE * (Array.isArray(value) ? value.length : String(value).split(',').length) }),
  },
  richText: {
    render: (_, value) => (
      <Suspense fallback={null}>
        <SafeHtml html={String(value)} />
      </Suspense>
    ),
    content: (_, value) => plain(String(value).replace(/<[^>]*>/g, '')),
  },
  file: {
    render: (_, value) => (
      <Suspense fallback={null}>
        <LazyFileCell value={value} />
      </Suspense>
    ),
    content: (_, value) => plain(storedFiles(value).map((f) => `${f.name} ${sizeText(f.size)} 预览`).sort((a, b) => b.length - a.length)[0] ?? ''),
  },
  geo: {
    render: (_, value) => (
      <Suspense fallback={geoSummary(value)}>
        <LazyGeoCell value={value} />
      </Suspense>
    ),
    content: (_, value) => plain(`${geoSummary(value)} 地图`),
  },
  // A real link (middle click opens a browser tab); a click opens the page in a page tab like any screen.
  // Plain text when the row names no record or the user's menus do not grant the page.
  link: {
    render: (_, value) => {
      const text = linkText(value);
      return isLinkValue(value) && value.href && mayOpenPath(value.href.split('?')[0]!) ? <Link to={value.href}>{text}</Link> : text;
    },
    content: (_, value) => plain(linkText(value)),
  },
  // A list shows its EnableSwitch (ListPage); elsewhere the state as words.
  enableSwitch: {
    render: (_, value) => (value === 1 || value === true ? '启用' : '停用'),
    content: () => ({ text: '', extra: SWITCH }),
    empty: { render: null, content: { text: '', extra: SWITCH } },
  },
};

/** A link cell's text: the value it was given, as text. */
const linkText = (value: unknown) => cellText({}, isLinkValue(value) ? value.text : value);

const EMPTY = { render: '-', content: plain('-') };

/** Renders a value by its cell type. */
export function renderCell(spec: CellSpec, value: unknown): ReactNode {
  const kind = CELL_KINDS[spec.cell ?? 'text'];
  return isEmpty(value) ? (kind.empty ?? EMPTY).render : kind.render(spec, value);
}

/** What renderCell shows for a value, for its column's width; a dict cell's labels from `dictItems`, its dictionary if loaded. */
export function cellContent(spec: CellSpec, value: unknown, dictItems?: DictItem[] | null): CellContent {
  const kind = CELL_KINDS[spec.cell ?? 'text'];
  return isEmpty(value) ? (kind.empty ?? EMPTY).content : kind.content(spec, value, dictItems);
}
