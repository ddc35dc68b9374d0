/**
 * Names a page schema may use, shared by the renderer (which must provide each: the types
 * enforce it) and the schema lint (which refuses any other). No React here, so the lint runs in Node.
 */
export const COMPONENT_NAMES = [
  'FormItem', 'FormGrid', 'FormLayout', 'Space', 'ArrayItems', 'Input', 'Select', 'NumberPicker', 'DatePicker',
  'TimePicker', 'Switch', 'Radio', 'Checkbox', 'DictSelect', 'RemoteSelect', 'PermissionTree', 'ImageUpload',
  'RichText', 'ColorSelect', 'FileUpload',
  'TreeSelectRemote', 'CascaderRemote', 'AudiencePicker',
  // A run-time form's designer (issue 31): the value is the form definition (src/shared/runtimeForm.ts).
  'FormDesigner',
  // Map geometry (G13): draws a `geo` field's point or polygon (src/engine/geo/), loaded only by forms that use it.
  'MapPicker',
] as const;

/** Core tables (hand-written migrations) a resource field may `ref` besides resources; labelled by `name`. */
export const CORE_REF_TABLES: readonly string[] = ['staff', 'customer'];

export type ComponentName = (typeof COMPONENT_NAMES)[number];

/** Cards a module draws on a dashboard page (`widgets`), each registered by its module in src/modules/<module>/index.ts. */
export const WIDGET_NAMES = ['UnreadNotices'] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];

/** Formily's dotted sub-components that schemas use, e.g. "Input.TextArea". */
export const SUB_COMPONENTS: Partial<Record<ComponentName, string[]>> = {
  Input: ['TextArea'],
  DatePicker: ['RangePicker'],
  TimePicker: ['RangePicker'],
  Radio: ['Group'],
  Checkbox: ['Group'],
  ArrayItems: ['Item', 'Addition', 'Remove', 'SortHandle', 'Index', 'MoveUp', 'MoveDown'],
};

/**
 * What a filter form (list and report pages) may use: FilterCard.tsx draws it without Formily,
 * so only these, with their `x-component-props`, `enum` and `default`.
 */
export const FILTER_COMPONENTS = ['Input', 'Select', 'DictSelect', 'RemoteSelect', 'NumberPicker', 'DatePicker.RangePicker', 'TreeSelectRemote', 'CascaderRemote'] as const;

export type FilterComponent = (typeof FILTER_COMPONENTS)[number];

export function isRegisteredComponent(name: string): boolean {
  const [base, sub, extra] = name.split('.');
  if (extra !== undefined || !COMPONENT_NAMES.includes(base as ComponentName)) return false;
  return sub === undefined || (SUB_COMPONENTS[base as ComponentName] ?? []).includes(sub);
}
