import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { lintSchemas } from '../../scripts/lint-schemas.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const copies: string[] = [];
let copy = '';

function corrupt(file: string, change: (doc: any) => void): string {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-lint-'));
  copies.push(copy);
  fs.cpSync(path.join(ROOT, 'schemas'), copy, { recursive: true });
  const target = path.join(copy, file);
  const doc = JSON.parse(fs.readFileSync(target, 'utf8'));
  change(doc);
  fs.writeFileSync(target, JSON.stringify(doc, null, 2));
  return copy;
}

afterEach(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const lint = (root: string) => lintSchemas(root, false);

describe('schema lint', () => {
  it('passes the committed schemas, meta-schemas included', () => {
    expect(lintSchemas(path.join(ROOT, 'schemas'))).toEqual([]);
  });

  it('names the file, the JSON pointer and what to do for each kind of mistake', () => {
    const at = (errors: string[]) => errors.map((e) => e.slice(e.indexOf('pages/') >= 0 ? e.indexOf('pages/') : e.indexOf('resources/')));
    expect(at(lint(corrupt('pages/business-settings-label-manager.json', (d) => (d.columns[0].field = 'nmae'))))).toEqual([
      'pages/business-settings-label-manager.json#/columns/0/field: "nmae" is not a field of resource "label"',
    ]);
    expect(at(lint(corrupt('pages/business-settings-label-manager.json', (d) => (d.toolbar[0].btnCode = 'label:fly'))))).toEqual([
      'pages/business-settings-label-manager.json#/toolbar/0/btnCode: btnCode "label:fly" is not in the permission catalogue; declare it in a page\'s "buttons"',
    ]);
    expect(at(lint(corrupt('pages/label-create.json', (d) => (d.fields.name['x-component'] = 'Inptu'))))).toEqual([
      'pages/label-create.json#/fields/name/x-component: component "Inptu" is not registered; use one of src/shared/registry.ts',
    ]);
    expect(at(lint(corrupt('pages/business-settings-label-manager.json', (d) => (d.rowActions[2].endpoint = 'label.remove'))))).toEqual([
      'pages/business-settings-label-manager.json#/rowActions/2/endpoint: endpoint "label.remove" does not exist; use "<resource>.<list|detail|add|update|delete|enable|export|import|options>" or declare it in schemas/endpoints.json',
    ]);
    expect(at(lint(corrupt('pages/label-detail.json', (d) => (d.route = '/business-settings/label-manager'))))).toContain(
      'pages/label-detail.json#/route: route "/business-settings/label-manager" is also the route of ' + path.relative(process.cwd(), path.join(copy, 'pages/business-settings-label-manager.json')),
    );
    // A filter form draws its own few controls, not every field kind of the add and edit forms.
    expect(at(lint(corrupt('pages/business-settings-label-manager.json', (d) => (d.filters.name['x-component'] = 'Switch'))))).toEqual([
      'pages/business-settings-label-manager.json#/filters/name/x-component: a filter takes one of Input, Select, DictSelect, RemoteSelect, NumberPicker, DatePicker.RangePicker, TreeSelectRemote, CascaderRemote (the filter form\'s own components, src/engine/FilterCard.tsx)',
    ]);
    expect(at(lint(corrupt('pages/business-settings-label-manager.json', (d) => (d.columns[0].cell = 'sparkline'))))[0]).toMatch(/^pages\/business-settings-label-manager\.json#\/columns\/0\/cell: must be one of "text", "number"/);
  });

  it('keeps a list page\'s sizes within what its resource answers at once', () => {
    const at = (errors: string[]) => errors.map((e) => e.slice(e.indexOf('pages/')));
    expect(at(lint(corrupt('pages/business-settings-label-manager.json', (d) => ((d.pageSize = 500), (d.pageSizeOptions = [10, 1000])))))).toEqual([
      'pages/business-settings-label-manager.json#/pageSize: 500 is more than resource "label" answers at once (200); lower it or raise the resource\'s "maxPageSize"',
      'pages/business-settings-label-manager.json#/pageSizeOptions/1: 1000 is more than resource "label" answers at once (200); lower it or raise the resource\'s "maxPageSize"',
    ]);
    expect(lint(corrupt('resources/label.json', (d) => (d.maxPageSize = 1000)))).toEqual([]);
    expect(lint(corrupt('resources/label.json', (d) => (d.maxPageSize = 20000)))[0]).toMatch(/resources\/label\.json#\/maxPageSize: must be <= 10000/);
  });

  it('exits non-zero from the command line', () => {
    const root = corrupt('resources/label.json', (d) => (d.fields.category.ref = 'nowhere'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/lint-schemas.ts')], { env: { ...process.env, PMS_SCHEMAS_DIR: root }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('resources/label.json#/fields/category/ref: no resource "nowhere"');
  });
});
