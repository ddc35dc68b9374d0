import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyFilterDropdown, measuredScrollbarOnce, narrowFieldFormImports } from '../../scripts/build/antdImports.ts';

// The rewrites run on the installed antd, as the build does.
const MODULES = path.resolve(import.meta.dirname, '../../node_modules');
const source = (file: string) => fs.readFileSync(path.join(MODULES, file), 'utf8');

describe("the build's narrower imports inside antd (scripts/build/antdImports.ts)", () => {
  it("takes antd's form context and useForm from the rc-field-form modules that define them, not from its index", () => {
    for (const file of ['antd/es/form/context.js', 'antd/es/form/hooks/useForm.js']) {
      const out = narrowFieldFormImports(source(file), file);
      expect(out).not.toMatch(/from\s*['"]rc-field-form['"]/);
      expect(out).toMatch(/from 'rc-field-form\/es\/(FormContext|useForm)'/);
    }
    expect(narrowFieldFormImports(source('antd/es/form/context.js'), 'context.js')).toContain("import { FormProvider as RcFormProvider } from 'rc-field-form/es/FormContext'");
    expect(narrowFieldFormImports(source('antd/es/form/hooks/useForm.js'), 'useForm.js')).toContain("import { default as useRcForm } from 'rc-field-form/es/useForm'");
    // The modules named do export those bindings.
    expect(source('rc-field-form/es/FormContext.js')).toMatch(/export \{ FormProvider \}/);
    expect(source('rc-field-form/es/useForm.js')).toMatch(/export default useForm;/);
  });

  it('fails the build when antd imports something else from the index, or no longer imports it as expected', () => {
    expect(() => narrowFieldFormImports("import { List } from 'rc-field-form';", 'x.js')).toThrow(/List/);
    expect(() => narrowFieldFormImports("import { FormProvider } from 'rc-field-form/es/FormContext';", 'x.js')).toThrow(/no longer/);
    expect(() => lazyFilterDropdown("import FilterDropdown from './FilterDropdown';", 'x.js')).toThrow(/no longer/);
    expect(() => measuredScrollbarOnce("import getScrollBarSize from 'rc-util/es/getScrollBarSize';", 'x.js')).toThrow(/no longer/);
  });

  it("loads the table's column-filter dropdown lazily, with the same keys of nested filters", () => {
    const file = 'antd/es/table/hooks/useFilter/index.js';
    const out = lazyFilterDropdown(source(file), file);
    expect(out).not.toMatch(/import FilterDropdown/);
    expect(out).toContain("import('./FilterDropdown')");
    const flattenKeys = new Function(`${out.match(/function flattenKeys[\s\S]*?\n\}/)![0]}; return flattenKeys;`)() as (f: unknown) => unknown[];
    const filters = [{ value: 'a', children: [{ value: 'b' }, { value: 'c', children: [{ value: 'd' }] }] }, { value: 'e' }];
    expect(flattenKeys(filters)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(flattenKeys(undefined)).toEqual([]);
  });

  it("gives rc-table's Table the scrollbar measure that measures each scrollbar style once", () => {
    const file = 'rc-table/es/Table.js';
    const out = measuredScrollbarOnce(source(file), file);
    expect(out).not.toContain('rc-util/es/getScrollBarSize');
    expect(out).toContain(`import { getTargetScrollBarSize } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../src/app/fast/scrollbarSize.ts'))};`);
  });
});
