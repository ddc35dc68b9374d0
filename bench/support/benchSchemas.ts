// The bench's screens, all JSON like the product's: a resource of 20 text columns with two
// list pages over it (100 rows, filter form of 6 fields), a form of 200 fields (inputs,
// selects, date pickers), and a wide resource of 40 columns listed 10,000 rows at a time.
import fs from 'node:fs';
import path from 'node:path';
import { columnTitle, FILTER_FIELDS, FORM_FIELDS, fieldTitle, formKind, LIST_COLUMNS, LIST_ROWS, range, SELECT_OPTIONS, WIDE_COLUMNS, WIDE_ROWS } from '../peers/shared/shape.ts';

export const ROUTES = { list: '/bench/list', otherList: '/bench/list2', form: '/bench/form', wide: '/bench/wide' } as const;

const columnFields = (n: number) => Object.fromEntries(range(n).map((i) => [`c${i}`, { type: 'string', title: columnTitle(i), maxLength: 50, filter: i <= FILTER_FIELDS ? 'like' : undefined }]));
const columns = (n: number) => range(n).map((i) => ({ field: `c${i}`, title: columnTitle(i) }));
const filters = Object.fromEntries(range(FILTER_FIELDS).map((i) => [`c${i}`, { type: 'string', title: columnTitle(i), 'x-decorator': 'FormItem', 'x-component': 'Input' }]));

/** Writes the bench resources and pages into a copy of schemas/ (never the product's own), as a module of their own. */
export function writeBenchSchemas(schemas: string): void {
  const write = (file: string, body: object) => {
    fs.mkdirSync(path.dirname(path.join(schemas, file)), { recursive: true });
    fs.writeFileSync(path.join(schemas, file), JSON.stringify(body, null, 1));
  };
  const resource = (name: string, title: string, fieldCount: number) => ({
    $schema: '../../meta/resource.schema.json',
    name,
    title,
    service: 'basis',
    path: `/${name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`,
    labelField: 'c1',
    permissions: { view: 'bench:view', add: 'bench:add' },
    fields: columnFields(fieldCount),
  });
  write('bench/resources/bench_row.json', resource('bench_row', '压测数据', LIST_COLUMNS));
  // A wide data screen: its definition lets one list call answer all its rows (the default is 200).
  write('bench/resources/bench_wide.json', { ...resource('bench_wide', '压测宽表', WIDE_COLUMNS), maxPageSize: WIDE_ROWS });
  const page = { $schema: '../../meta/page.schema.json', kind: 'list', menu: true };
  write('bench/pages/bench-list.json', {
    ...page,
    route: ROUTES.list,
    title: '压测列表',
    resource: 'bench_row',
    pageSize: LIST_ROWS,
    buttons: [
      { code: 'bench:view', name: '查看压测数据' },
      { code: 'bench:add', name: '新增压测数据' },
    ],
    filters,
    columns: columns(LIST_COLUMNS),
  });
  write('bench/pages/bench-list2.json', { ...page, route: ROUTES.otherList, title: '压测列表二', permissionsOf: ROUTES.list, resource: 'bench_row', pageSize: LIST_ROWS, filters, columns: columns(LIST_COLUMNS) });
  write('bench/pages/bench-wide.json', { ...page, route: ROUTES.wide, title: '压测宽表', permissionsOf: ROUTES.list, resource: 'bench_wide', pageSize: WIDE_ROWS, pageSizeOptions: [100, 1000, WIDE_ROWS], columns: columns(WIDE_COLUMNS) });
  const formFields = Object.fromEntries(
    range(FORM_FIELDS).map((i) => {
      const kind = formKind(i);
      return [`f${i}`, { type: 'string', title: fieldTitle(i), 'x-decorator': 'FormItem', 'x-component': kind, ...(kind === 'Select' ? { enum: SELECT_OPTIONS } : {}) }];
    }),
  );
  // Not a resource form: only its rendering and typing are measured.
  write('bench/pages/bench-form.json', { $schema: '../../meta/page.schema.json', route: ROUTES.form, title: '压测表单', kind: 'form', permissionsOf: ROUTES.list, resource: 'bench_row', columns: 4, fields: formFields });
  const menus = JSON.parse(fs.readFileSync(path.join(schemas, 'menus.json'), 'utf8'));
  menus.groups.push({ prefix: '/bench', title: '压测' });
  write('menus.json', menus);
}
