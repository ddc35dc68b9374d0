import { Button, Select, Space } from 'antd';
// Input alone: antd's Input index also brings TextArea, Search and OTP, which no filter uses.
import Input from 'antd/es/input/Input';
import { useId, useMemo, useState, type ComponentType } from 'react';
import { FieldGrid } from './FieldGrid.tsx';
import { lazyComponent } from './fast/lazyComponent.tsx';
import { Panel } from './Panel.tsx';
import type { FilterComponent } from '../shared/registry.ts';
import type { FieldMap, FormilyField } from '../shared/schemaTypes.ts';
import { DictSelect, RemoteSelect } from './selects.tsx';

/** Spec 9: filter fields take 6 of 24 grid columns, four to a row. */
const FILTER_COLUMNS = 4;

type Values = Record<string, unknown>;
type AnyComponent = ComponentType<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Controls whose code loads the first time a filter form shows them (date pickers, trees, cascaders).
const remoteInput = (name: 'TreeSelectRemote' | 'CascaderRemote') => lazyComponent(() => import('./remoteInputs.tsx').then((m) => m[name] as AnyComponent));

/** A select over the field's `enum`: `{ label, value }` items or bare values. */
function EnumSelect({ items, ...props }: Values & { items?: unknown[] }) {
  const options = (items ?? []).map((item) => (item && typeof item === 'object' ? (item as { label: string; value: unknown }) : { label: String(item), value: item }));
  return <Select {...props} options={options as never} />;
}

/**
 * The controls of a filter form by the schema's `x-component`. Filters are drawn without
 * Formily: a list page is on screen without Formily's code (about 50 KB gzip), which only add
 * and edit forms load. The schema lint holds filters to these names.
 */
const FILTER_INPUTS: Record<FilterComponent, AnyComponent> = {
  Input,
  Select: EnumSelect,
  DictSelect,
  RemoteSelect,
  NumberPicker: lazyComponent(() => import('antd/es/input-number').then((m) => m.default)),
  'DatePicker.RangePicker': lazyComponent(() => import('./DateRangeInput.tsx').then((m) => m.default)),
  TreeSelectRemote: remoteInput('TreeSelectRemote'),
  CascaderRemote: remoteInput('CascaderRemote'),
};

/** What a control's onChange gives: the value, or an input's change event. */
const valueOf = (change: unknown) => (change && typeof change === 'object' && 'target' in change ? (change.target as HTMLInputElement).value : change);

const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The filters a filter's `paramsFrom` reads (the houses of the chosen project), by parameter. */
const paramsFromOf = (field: FormilyField) => (field['x-component-props']?.paramsFrom ?? null) as Record<string, string> | null;

/**
 * A control's props: those of the schema, and for a `paramsFrom` control the other filters'
 * values as its parameters, waiting (nothing offered, nothing asked) while one is empty.
 */
function controlProps(field: FormilyField, values: Values): Values {
  const props = { ...field['x-component-props'] };
  const from = paramsFromOf(field);
  if (!from) return props;
  delete props.paramsFrom;
  const taken = Object.fromEntries(Object.entries(from).map(([param, name]) => [param, values[name]]));
  return { ...props, params: { ...(props.params as Values), ...taken }, waiting: !Object.values(taken).every(filled) };
}

/** A labelled filter: the title (its label) at the left in 84 px, the control beside it. */
function FilterItem({ id, field, value, values, onChange }: { id: string; field: FormilyField; value: unknown; values: Values; onChange: (value: unknown) => void }) {
  const Control = FILTER_INPUTS[(field['x-component'] ?? 'Input') as FilterComponent] ?? Input;
  return (
    <div className="pms-filter-item" data-grid-span={field['x-decorator-props']?.gridSpan as number | undefined} style={{ display: 'flex', alignItems: 'center', marginBottom: 16, minWidth: 0 }}>
      <span style={{ flex: '0 0 84px', paddingRight: 8, textAlign: 'right', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        <label htmlFor={id} title={field.title}>
          {field.title}
        </label>
        :
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        {/* The title is also the control's own accessible name, as in the Formily forms. */}
        <Control id={id} aria-label={field.title} style={{ width: '100%' }} {...controlProps(field, values)} {...(field.enum ? { items: field.enum } : {})} value={value} onChange={(change: unknown) => onChange(valueOf(change))} />
      </div>
    </div>
  );
}

/**
 * The filter form of list and report pages: fields in a grid, 查询 and 重置; empty values are
 * left out. Its own few lines of state, not antd's Form (about 15 KB gzip more on a list page's
 * first load for validation and layout a filter does not use).
 */
export function FilterCard({
  fields,
  initialValues,
  openingValues,
  onSearch,
}: {
  fields: FieldMap;
  initialValues?: Values;
  /** Values shown when the form opens (those of the page's address) that 重置 clears, unlike initialValues. */
  openingValues?: Values;
  onSearch: (values: Values) => void;
}) {
  const initial = useMemo(
    () => ({ ...Object.fromEntries(Object.entries(fields).flatMap(([key, f]) => (f.default === undefined ? [] : [[key, f.default]]))), ...initialValues }),
    [fields, initialValues],
  );
  const [values, setValues] = useState<Values>(() => ({ ...initial, ...openingValues }));
  // Control ids stay unique beside the kept-alive pages' filter forms.
  const prefix = useId();
  /** Sets a filter and empties those that take their parameters from it (another project's house is no choice). */
  const change = (all: Values, key: string, value: unknown): Values => {
    let next = { ...all, [key]: value };
    for (const [other, f] of Object.entries(fields)) if (filled(next[other]) && Object.values(paramsFromOf(f) ?? {}).includes(key)) next = change(next, other, undefined);
    return next;
  };
  const search = () => onSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => filled(v))));
  const reset = () => {
    setValues(initial);
    onSearch({ ...initialValues });
  };
  return (
    <Panel>
      <FieldGrid max={FILTER_COLUMNS} min={FILTER_COLUMNS} columnGap={16}>
        {Object.entries(fields).map(([key, field]) => (
          <FilterItem key={key} id={`${prefix}${key}`} field={field} value={values[key]} values={values} onChange={(value) => setValues((all) => change(all, key, value))} />
        ))}
      </FieldGrid>
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="primary" onClick={search}>
          查询
        </Button>
        <Button onClick={reset}>重置</Button>
      </Space>
    </Panel>
  );
}
