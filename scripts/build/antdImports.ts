// Build-time only (vite.config.ts; kept in src/ beside chunkGroups.ts for the same reason).
// Imports inside antd that the build rewrites. Two put code on every first screen which no first
// screen runs, one costs every table a forced layout as it mounts:
// - antd's form context (imported by Input, Select, Radio, … for their status inside a Form
//   item) and its useForm hook (imported by Radio.Group for one name helper) take `FormProvider`
//   and `useForm` from rc-field-form's index, which is not a plain barrel (it builds the Form
//   object), so the bundler keeps the whole field store with its validator: about 15 KB gzip on
//   the sign-in page and every list page. They are taken from the modules that define them.
// - antd's Table imports its column-filter dropdown (with antd's Tree, for tree filters)
//   statically, though only columns with `filters` or `filterDropdown` render it. It becomes a
//   lazy chunk: such a column shows its title at once and its filter button once that loads.
// - rc-table measures its body's scrollbar each time a table mounts, adding an element and a
//   stylesheet to the page and forcing a layout; it gets a copy that measures each scrollbar style
//   once (scrollbarSize.ts).
// Each rewrite checks that the code it replaces is there: an antd upgrade that changes it fails
// the build instead of silently undoing the saving.
import path from 'node:path';
import type { Plugin } from 'vite';

/** rc-field-form's index exports: the module that defines each, and its name there. */
const RC_FIELD_FORM = { FormProvider: ['FormContext', 'FormProvider'], useForm: ['useForm', 'default'] } as const;

/** `import { FormProvider as RcFormProvider } from 'rc-field-form'` → the same binding from rc-field-form/es/FormContext. */
export function narrowFieldFormImports(code: string, id: string): string {
  const narrowed = code.replace(/import\s*\{\s*(\w+)(?:\s+as\s+(\w+))?\s*\}\s*from\s*['"]rc-field-form['"]/g, (_, name: string, local?: string) => {
    const source = RC_FIELD_FORM[name as keyof typeof RC_FIELD_FORM];
    if (!source) throw new Error(`antdImports: ${id} imports ${name} from rc-field-form, which has no narrower module here`);
    return `import { ${source[1]} as ${local ?? name} } from 'rc-field-form/es/${source[0]}'`;
  });
  if (narrowed === code) throw new Error(`antdImports: ${id} no longer imports from rc-field-form's index as expected`);
  return narrowed;
}

const FILTER_IMPORT = "import FilterDropdown, { flattenKeys } from './FilterDropdown';";

/**
 * The filter hook of antd's Table with its dropdown imported lazily. `flattenKeys` (the values of
 * a column's nested `filters`) is defined here again: the hook needs it before any dropdown shows.
 */
export function lazyFilterDropdown(code: string, id: string): string {
  if (!code.includes(FILTER_IMPORT)) throw new Error(`antdImports: ${id} no longer imports its FilterDropdown as expected`);
  return code.replace(
    FILTER_IMPORT,
    `import { lazy as lazy$, Suspense as Suspense$, createElement as h$ } from 'react';
const LazyFilterDropdown = lazy$(() => import('./FilterDropdown'));
// Until the dropdown's code is there, the column shows its title (the dropdown's children).
const FilterDropdown = (props) => h$(Suspense$, { fallback: props.children }, h$(LazyFilterDropdown, props));
function flattenKeys(filters) {
  return (filters || []).flatMap(({ value, children }) => [value, ...(children ? flattenKeys(children) : [])]);
}`,
  );
}

const SCROLLBAR_IMPORT = 'import { getTargetScrollBarSize } from "rc-util/es/getScrollBarSize";';

/** rc-table's Table with the scrollbar measure of scrollbarSize.ts. */
export function measuredScrollbarOnce(code: string, id: string): string {
  if (!code.includes(SCROLLBAR_IMPORT)) throw new Error(`antdImports: ${id} no longer imports getTargetScrollBarSize as expected`);
  return code.replace(SCROLLBAR_IMPORT, `import { getTargetScrollBarSize } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../src/app/fast/scrollbarSize.ts'))};`);
}

/** The rewrites, by the end of the module's path. */
const REWRITES: [RegExp, (code: string, id: string) => string][] = [
  [/\/antd\/es\/form\/(context|hooks\/useForm)\.js$/, narrowFieldFormImports],
  [/\/antd\/es\/table\/hooks\/useFilter\/index\.js$/, lazyFilterDropdown],
  [/\/rc-table\/es\/Table\.js$/, measuredScrollbarOnce],
];

export function antdImports(): Plugin {
  return {
    name: 'pms-antd-imports',
    apply: 'build',
    transform(code, id) {
      const rewrite = REWRITES.find(([pattern]) => pattern.test(id.split('?')[0]!))?.[1];
      return rewrite ? { code: rewrite(code, id), map: null } : null;
    },
  };
}
