// `npm run bench:engine`: how fast the schema renderer is, measured in chromium against the
// real server. A copy of the project gets a bench resource with 20 columns, a list page of
// 100 rows and a 200-field form (all JSON), is built and served; then it prints the median of
// several runs for: route change to a rendered list, route change to a rendered form, and
// keystroke to paint in that form. Targets (issue 6): 150 ms, 300 ms, 16 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launchBrowser, signIn } from '../tests/support/browser.ts';
import { startServer } from '../tests/support/server.ts';
import { Api } from '../tests/support/api.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

function writeBenchSchemas(schemas: string) {
  const fields: Record<string, object> = {};
  for (let i = 1; i <= 20; i++) fields[`c${i}`] = { type: 'string', title: `字段${i}`, maxLength: 50, filter: i <= 6 ? 'like' : undefined };
  fs.writeFileSync(
    path.join(schemas, 'resources/bench_row.json'),
    JSON.stringify({ $schema: '../meta/resource.schema.json', name: 'bench_row', title: '压测数据', service: 'basis', path: '/benchRow', labelField: 'c1', permissions: { view: 'bench:view', add: 'bench:add' }, fields }),
  );
  const filters = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`c${i + 1}`, { type: 'string', title: `字段${i + 1}`, 'x-decorator': 'FormItem', 'x-component': 'Input' }]));
  fs.writeFileSync(
    path.join(schemas, 'pages/bench-list.json'),
    JSON.stringify({
      $schema: '../meta/page.schema.json', route: '/bench/list', title: '压测列表', kind: 'list', menu: true, resource: 'bench_row', pageSize: 100,
      buttons: [{ code: 'bench:view', name: '查看压测数据' }, { code: 'bench:add', name: '新增压测数据' }],
      filters, columns: Array.from({ length: 20 }, (_, i) => ({ field: `c${i + 1}`, title: `字段${i + 1}` })),
    }),
  );
  const kinds = [
    { 'x-component': 'Input' },
    { 'x-component': 'Select', enum: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }] },
    { 'x-component': 'DatePicker' },
  ];
  const formFields = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, { type: 'string', title: `表单字段${i + 1}`, 'x-decorator': 'FormItem', ...kinds[i % 3] }]));
  fs.writeFileSync(
    path.join(schemas, 'pages/bench-form.json'),
    JSON.stringify({ $schema: '../meta/page.schema.json', route: '/bench/form', title: '压测表单', kind: 'form', permissionsOf: '/bench/list', resource: 'bench_row', columns: 4, fields: formFields }),
  );
  const menus = JSON.parse(fs.readFileSync(path.join(schemas, 'menus.json'), 'utf8'));
  menus.groups.push({ prefix: '/bench', title: '压测' });
  fs.writeFileSync(path.join(schemas, 'menus.json'), JSON.stringify(menus));
}

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-bench-'));
for (const entry of ['src', 'schemas', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json']) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
writeBenchSchemas(path.join(copy, 'schemas'));
execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: copy, stdio: 'inherit' });
// The bench form is not a resource form: only its rendering and typing are measured.
const server = await startServer({}, undefined, { schemasDir: path.join(copy, 'schemas'), webRoot: path.join(copy, 'dist') });
const browser = await launchBrowser();
try {
  const api = new Api(server.url);
  await api.login('admin');
  for (let i = 0; i < 100; i++) {
    await api.post('/api/basis/benchRow/add', Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`c${k + 1}`, `第${i + 1}行字段${k + 1}`])));
  }
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await signIn(page, server.url, 'admin');

  /** Navigates inside the app (a route change, code already loaded) and waits for the selector count. */
  async function routeChange(to: string, selector: string, count: number): Promise<number> {
    await page.evaluate(`window.history.pushState({}, '', '/index/home_index'); window.dispatchEvent(new PopStateEvent('popstate'));`);
    await page.waitForSelector('text=您好');
    // A string, not a function: tsx would wrap a function with helpers the page does not have.
    return page.evaluate(`new Promise((resolve) => {
      const start = performance.now();
      window.history.pushState({}, '', ${JSON.stringify(to)});
      window.dispatchEvent(new PopStateEvent('popstate'));
      const check = () => {
        const visible = [...document.querySelectorAll(${JSON.stringify(selector)})].filter((e) => e.offsetParent !== null);
        if (visible.length >= ${count}) requestAnimationFrame(() => resolve(performance.now() - start));
        else requestAnimationFrame(check);
      };
      check();
    })`) as Promise<number>;
  }

  // Warm: load each screen's code once, then measure route changes.
  await routeChange('/bench/list', '.ant-table-row', 100);
  await routeChange('/bench/form', '.ant-formily-item', 200);
  const list: number[] = [];
  const form: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // keepAlive would answer the list from its cache: a fresh query string makes a new instance.
    list.push(await routeChange(`/bench/list?run=${i}`, '.ant-table-row', 100));
    form.push(await routeChange('/bench/form', '.ant-formily-item', 200));
  }

  const input = page.locator('input[aria-label="表单字段1"]');
  await input.click();
  await page.evaluate(`(() => {
    window.__keys = [];
    document.addEventListener('keydown', (e) => {
      const start = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__keys.push(performance.now() - start), 0));
    }, true);
  })()`);
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(30);
  }
  const keys = (await page.evaluate('window.__keys')) as number[];

  const rows = [
    ['route change → list of 20 columns × 100 rows', median(list), 150],
    ['route change → form of 200 fields', median(form), 300],
    ['keystroke → paint in the 200-field form (median)', median(keys), 16],
    ['keystroke → paint in the 200-field form (p95)', p95(keys), 25],
  ] as const;
  console.log(`\nschema renderer, chromium headless, median of ${RUNS} runs`);
  console.log('| measure | ms | target ms | |\n|---|---:|---:|---|');
  for (const [name, value, target] of rows) console.log(`| ${name} | ${value.toFixed(1)} | ${target} | ${value <= target ? 'met' : 'missed'} |`);
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/engine.json'), `${JSON.stringify({ at: new Date().toISOString(), runs: RUNS, list, form, keys }, null, 2)}\n`);
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(copy, { recursive: true, force: true });
}
