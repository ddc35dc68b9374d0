import React from 'react';
import { lazyComponent, type LazyComponent } from './lazyComponent.tsx';
import { createSchemaField, connect, mapProps, mapReadPretty, Schema } from '@formily/react';
import { evaluate } from './expressions.ts';
import { setValidateLanguage } from '@formily/core';
// Formily's index imports every component it has (its package marks the index as having side
// effects): each is imported from its own module, and the large ones only when a form uses them.
import { Checkbox } from '@formily/antd-v5/esm/checkbox';
import { FormGrid } from '@formily/antd-v5/esm/form-grid';
import { FormItem } from '@formily/antd-v5/esm/form-item';
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { Input } from '@formily/antd-v5/esm/input';
import { PreviewText } from '@formily/antd-v5/esm/preview-text';
import { Radio } from '@formily/antd-v5/esm/radio';
import { Select } from '@formily/antd-v5/esm/select';
import { Space } from '@formily/antd-v5/esm/space';
import { Switch } from '@formily/antd-v5/esm/switch';
import { RichTextField, RichTextView } from './RichText.tsx';
import { DictSelect as PlainDictSelect, RemoteSelect as PlainRemoteSelect } from './selects.tsx';
import type { ComponentName } from './registry.ts';

setValidateLanguage('zh-CN');
// Schema expressions go through the safe evaluator, never `new Function` (CSP without unsafe-eval).
Schema.registerCompiler((expression: string, scope: Record<string, unknown>) => evaluate(expression, scope ?? {}));

const RichText = connect(RichTextField, mapReadPretty(RichTextView));

const DictSelect = connect(PlainDictSelect, mapProps({ dataSource: 'options' }), mapReadPretty(PreviewText.Select));
const RemoteSelect = connect(PlainRemoteSelect, mapReadPretty(PreviewText.Select));

/**
 * Gives an input its field's title as accessible name: Formily's FormItem draws the label
 * beside the control without tying them, so screen readers (and tests) would find no name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function labelled<T extends React.ComponentType<any>>(Component: T): T {
  const withName = (props: Record<string, unknown>, field: { title?: unknown }) => ({ ...props, 'aria-label': props['aria-label'] ?? field.title });
  return Object.assign(connect(Component, mapProps(withName as never)), { preload: (Component as LazyComponent).preload }) as unknown as T;
}


const datePicker = () => import('@formily/antd-v5/esm/date-picker').then((m) => m.DatePicker);
const timePicker = () => import('@formily/antd-v5/esm/time-picker').then((m) => m.TimePicker);
const arrayItems = () => import('@formily/antd-v5/esm/array-items').then((m) => m.ArrayItems);
const remote = () => import('./remoteFields.tsx');

/** ArrayItems and its parts (Item, Addition, Remove…), each loaded with the one chunk. */
const ArrayItems = Object.assign(
  lazyComponent(arrayItems),
  Object.fromEntries(['Item', 'Addition', 'Remove', 'SortHandle', 'Index', 'MoveUp', 'MoveDown'].map((part) => [part, lazyComponent(() => arrayItems().then((a) => a[part as 'Item']))])),
);

/**
 * The component registry of page schemas: Formily's antd components plus the product's own.
 * A name used in `x-component` must be registered here (the schema lint checks it).
 */
export const FIELD_COMPONENTS: Record<ComponentName, unknown> = {
  FormItem,
  FormGrid,
  FormLayout,
  Space,
  ArrayItems,
  Input: Object.assign(labelled(Input), { TextArea: labelled(Input.TextArea) }),
  Select: labelled(Select),
  NumberPicker: labelled(lazyComponent(() => import('@formily/antd-v5/esm/number-picker').then((m) => m.NumberPicker))),
  DatePicker: Object.assign(labelled(lazyComponent(datePicker)), { RangePicker: labelled(lazyComponent(() => datePicker().then((d) => d.RangePicker))) }),
  TimePicker: Object.assign(labelled(lazyComponent(timePicker)), { RangePicker: labelled(lazyComponent(() => timePicker().then((t) => t.RangePicker))) }),
  Switch: labelled(Switch),
  Radio: Object.assign(labelled(Radio), { Group: labelled(Radio.Group) }),
  Checkbox: Object.assign(labelled(Checkbox), { Group: labelled(Checkbox.Group) }),
  DictSelect: labelled(DictSelect),
  RemoteSelect: labelled(RemoteSelect),
  PermissionTree: lazyComponent(() => remote().then((m) => m.PermissionTree)),
  ImageUpload: lazyComponent(() => remote().then((m) => m.ImageUpload)),
  TreeSelectRemote: labelled(lazyComponent(() => remote().then((m) => m.TreeSelectRemote))),
  CascaderRemote: labelled(lazyComponent(() => remote().then((m) => m.CascaderRemote))),
  RichText: labelled(RichText),
};

export const SchemaField = createSchemaField({ components: FIELD_COMPONENTS as never });

/**
 * Starts loading the lazy components that fields (and their nested properties and items) use:
 * a promise while any is loading, undefined once all are there.
 */
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
