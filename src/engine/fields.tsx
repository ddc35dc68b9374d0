import { lazyComponent, type LazyComponent } from './fast/lazyComponent.tsx';
import { onceReady } from './onceReady.ts';
import { createSchemaField, connect, mapProps, mapReadPretty, Schema } from '@formily/react';
import { evaluate } from '../shared/expressions.ts';
import { setValidateLanguage } from '@formily/core';
// Formily's index imports every component it has (its package marks the index as having side
// effects): each is imported from its own module, and the large ones only when a form uses them.
import { Checkbox } from '@formily/antd-v5/esm/checkbox';
import { FormGrid } from '@formily/antd-v5/esm/form-grid';
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { Input as FormilyInput } from '@formily/antd-v5/esm/input';
import { PreviewText } from '@formily/antd-v5/esm/preview-text';
import { Radio } from '@formily/antd-v5/esm/radio';
import { Space } from '@formily/antd-v5/esm/space';
import { Switch } from '@formily/antd-v5/esm/switch';
import { FieldItem } from './FieldItem.tsx';
import { engineHost } from './host.ts';
import { RichTextField, RichTextView } from './RichText.tsx';
import { AudiencePicker } from './AudiencePicker.tsx';
import AntdInput from 'antd/es/input/Input';
import { ColorSelect as PlainColorSelect, DictSelect as PlainDictSelect, RemoteSelect as PlainRemoteSelect, RestingSelect } from './selects.tsx';
import type { ComponentName } from '../shared/registry.ts';
import { LAZY_FIELD_CHUNK } from './fast/lazyFieldCode.ts';
import { LAZY_FIELD_LOADERS } from './fast/lazyFieldLoaders.ts';
import { plainInput } from './fast/plainInput.tsx';
import { restingDatePicker } from './fast/restingDatePicker.tsx';
import dayjs, { type Dayjs } from 'dayjs';

type LazyFieldName = keyof typeof LAZY_FIELD_CHUNK;
/** A lazy chunk's export: a component with its parts. */
type LazyExport = LazyComponent & Record<string, LazyComponent | undefined>;

setValidateLanguage('zh-CN');
// Schema expressions go through the safe evaluator, never `new Function` (CSP without unsafe-eval).
Schema.registerCompiler((expression: string, scope: Record<string, unknown>) => evaluate(expression, scope ?? {}));

/**
 * Formily's Input less its loading slot: it gives every input a suffix (an icon while the field
 * validates asynchronously, which no schema does), so antd wrapped each one in an affix wrapper
 * with a suffix span, behind one more connect layer: three elements and about ten components
 * a text field instead of one input. That input is antd's element itself for a plain field (plainInput.tsx).
 */
const Input = Object.assign(connect(plainInput(AntdInput), mapReadPretty(PreviewText.Input)), { TextArea: FormilyInput.TextArea });

/**
 * Formily's Select (its data source as the options, the field's loading state) over antd's select
 * at rest until touched. Less Formily's spinner while the field validates asynchronously, which
 * no schema does; a loading field still shows antd's own.
 */
const Select = connect(RestingSelect, mapProps({ dataSource: 'options', loading: true }), mapReadPretty(PreviewText.Select));

const RichText = connect(RichTextField, mapReadPretty(RichTextView));

const DictSelect = connect(PlainDictSelect, mapProps({ dataSource: 'options' }), mapReadPretty(PreviewText.Select));
const RemoteSelect = connect(PlainRemoteSelect, mapReadPretty(PreviewText.Select));
const ColorSelect = connect(PlainColorSelect, mapReadPretty(PreviewText.Select));

/** The parts of a lazy field component that schemas name (`DatePicker.RangePicker`, `ArrayItems.Item`…), loaded with it. */
const LAZY_PARTS: Partial<Record<LazyFieldName, string[]>> = {
  DatePicker: ['RangePicker'],
  TimePicker: ['RangePicker'],
  ArrayItems: ['Item', 'Addition', 'Remove', 'SortHandle', 'Index', 'MoveUp', 'MoveDown'],
};

/**
 * Every field component whose code loads on first use, made from the one list of them
 * (lazyFieldCode.ts): each is its chunk's export of the same name, with its parts, so the
 * router's early fetch and the form's rendering cannot disagree about where a field's code is.
 */
const LAZY_FIELDS = Object.fromEntries(
  (Object.keys(LAZY_FIELD_CHUNK) as LazyFieldName[]).map((name) => {
    const load = () => LAZY_FIELD_LOADERS[LAZY_FIELD_CHUNK[name]]().then((chunk) => (chunk as unknown as Record<string, LazyExport>)[name]!);
    const parts = (LAZY_PARTS[name] ?? []).map((part) => [part, lazyComponent(() => load().then((component) => component[part]!))]);
    return [name, Object.assign(lazyComponent(load), Object.fromEntries(parts))];
  }),
) as Record<LazyFieldName, LazyComponent>;

/**
 * The component registry of page schemas: Formily's antd components plus the product's own.
 * A name used in `x-component` must be registered here (the schema lint checks it).
 */
export const FIELD_COMPONENTS: Record<ComponentName, unknown> = {
  FormItem: FieldItem,
  FormGrid,
  FormLayout,
  Space,
  Input,
  Select,
  Switch,
  Radio,
  Checkbox,
  DictSelect,
  RemoteSelect,
  ColorSelect,
  RichText,
  AudiencePicker,
  ...LAZY_FIELDS,
  // The form designer's code comes through the engine host (its preview renders with this registry).
  FormDesigner: lazyComponent(() => engineHost().loadFormDesigner!().then((m) => (m as { FormDesigner: LazyComponent }).FormDesigner)),
  // At rest until touched (restingDatePicker.tsx); its code still loads with the form, so it wakes at once.
  DatePicker: Object.assign(restingDatePicker(LAZY_FIELDS.DatePicker), LAZY_FIELDS.DatePicker),
};

/** The controls that take their field's title as accessible name (not layouts, lists, trees or uploads). */
const NAMED_CONTROLS = new Set(['Input', 'Input.TextArea', 'Select', 'NumberPicker', 'DatePicker', 'DatePicker.RangePicker', 'TimePicker', 'TimePicker.RangePicker', 'Switch', 'Radio', 'Radio.Group', 'Checkbox', 'Checkbox.Group', 'DictSelect', 'RemoteSelect', 'ColorSelect', 'TreeSelectRemote', 'CascaderRemote', 'RichText', 'AudiencePicker']);

/**
 * The title of each field whose control is in NAMED_CONTROLS as that control's `aria-label`, unless
 * the schema gives one: Formily's FormItem draws the label beside the control without tying them,
 * so screen readers (and tests) would find no name. Put into the schema once, not by a wrapper
 * per control, which cost every field two more components and a reactive observer on each render.
 */
function named(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  const { 'x-component': name, 'x-component-props': given, title, properties, items, notPast } = schema as Record<string, unknown> & { 'x-component-props'?: Record<string, unknown> };
  const props = notPast ? { ...given, ...NOT_PAST_PROPS } : given;
  return {
    ...schema,
    ...(notPast ? { 'x-component-props': props, 'x-validator': notPastValidator(String(title ?? '时间')) } : {}),
    ...(NAMED_CONTROLS.has(name as string) && title !== undefined && props?.['aria-label'] === undefined ? { 'x-component-props': { ...props, 'aria-label': title } } : {}),
    ...(properties ? { properties: namedProperties(properties as Record<string, unknown>) } : {}),
    ...(items ? { items: Array.isArray(items) ? items.map(named) : named(items) } : {}),
  };
}
const namedProperties = (properties: Record<string, unknown>) => Object.fromEntries(Object.entries(properties).map(([key, field]) => [key, named(field)]));

/** A deadline (`notPast`): days before today are greyed out in its picker… */
const NOT_PAST_PROPS = { disabledDate: (day: Dayjs) => day.isBefore(dayjs(), 'day') };
/** …and a moment earlier than now (today at an hour gone) is refused beside the field. */
const notPastValidator = (title: string) => (value: unknown) => {
  if (value === undefined || value === null || value === '') return undefined;
  const at = dayjs.isDayjs(value) ? value : dayjs(String(value));
  return at.isValid() && at.isBefore(dayjs().subtract(1, 'minute')) ? `${title}不能早于当前时间` : undefined;
};

const formSchemas = new WeakMap<object, object>();
/** The object schema that renders these fields with SchemaField, built once per fields object. */
export function formSchema(fields: Record<string, unknown>): object {
  let schema = formSchemas.get(fields);
  if (!schema) formSchemas.set(fields, (schema = { type: 'object', properties: namedProperties(fields) }));
  return schema;
}

export const SchemaField = createSchemaField({ components: FIELD_COMPONENTS as never });

/**
 * Starts loading the lazy components that fields (and their nested properties and items) use:
 * a promise while any is loading, undefined once all are there.
 */
/** The promise a form's fields pass to use() on every render (onceReady): fulfilled once every component's code is there. */
export const fieldsReady = (fields: Record<string, unknown>): Promise<unknown> => onceReady(fields, () => preloadFields(fields));

export function preloadFields(fields: Record<string, unknown>): Promise<unknown> | undefined {
  const loading: Promise<unknown>[] = [];
  const visit = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object') return;
    const { 'x-component': name, properties, items } = schema as { 'x-component'?: unknown; properties?: Record<string, unknown>; items?: unknown };
    if (typeof name === 'string') {
      const [base, sub] = name.split('.');
      const component = (FIELD_COMPONENTS as Record<string, Record<string, LazyComponent> | undefined>)[base!];
      const preload = (sub ? component?.[sub] : (component as LazyComponent | undefined))?.preload?.();
      if (preload) loading.push(preload);
    }
    Object.values(properties ?? {}).forEach(visit);
    (Array.isArray(items) ? items : [items]).forEach(visit);
  };
  Object.values(fields).forEach(visit);
  return loading.length ? Promise.all(loading) : undefined;
}
