import { Switch, Tag, message } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useDictionary } from './data.ts';
import { cellText, dictLabel, isEmpty, type CellSpec } from './cellText.ts';
import { RESOURCES } from './catalogue.ts';

export type { CellSpec } from './cellText.ts';

export const readField = (record: Record<string, unknown>, field: string): unknown =>
  field.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), record);

// The image viewer and the rich-text sanitizer (DOMPurify) are heavy and few lists show them: they load with the first such cell.
const media = () => import('./mediaCells.tsx');
const LazyImageCell = lazy(() => media().then((m) => ({ default: m.ImageCell })));
export const SafeHtml = lazy(() => media().then((m) => ({ default: m.SafeHtml })));

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

/** Renders a value by its cell type (the cell registry of page schemas). */
export function renderCell(spec: CellSpec, value: unknown): ReactNode {
  if (isEmpty(value)) return spec.cell === 'enableSwitch' ? null : '-';
  switch (spec.cell ?? 'text') {
    case 'dict':
      return <DictCell dict={spec.dict!} value={value} />;
    case 'enum':
    case 'tag': {
      const option = spec.enum?.[String(value)];
      if (!option) return String(value);
      return option.color ? <Tag color={option.color}>{option.text}</Tag> : option.text;
    }
    case 'color':
      return <Tag color={String(value)}>{String(value)}</Tag>;
    case 'image':
      return <ImageCell value={value} />;
    case 'richText':
      return (
        <Suspense fallback={null}>
          <SafeHtml html={String(value)} />
        </Suspense>
      );
    default:
      return cellText(spec, value);
  }
}
