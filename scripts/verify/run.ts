// `npm run verify:security` / `npm run verify:reliability`: runs every check module of the suite
// (scripts/verify/<suite>/*.ts, in file-name order), prints one table of figures and writes the
// same rows to bench/results/verify-<suite>.json. Exit code 1 when a figure misses its target.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatRows, type VerifyCheck, type VerifyRow } from './rows.ts';

const suite = process.argv[2];
if (suite !== 'security' && suite !== 'reliability') {
  console.error('usage: tsx scripts/verify/run.ts security|reliability');
  process.exit(2);
}
const only = process.argv[3];
const dir = path.join(import.meta.dirname, suite);
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && (!only || f.includes(only))).sort();
const rows: VerifyRow[] = [];
for (const file of files) {
  const check = (await import(pathToFileURL(path.join(dir, file)).href)).default as VerifyCheck;
  const started = Date.now();
  console.error(`… ${file}`);
  try {
    rows.push(...(await check()));
  } catch (error) {
    rows.push({ area: file, figure: '检查未能完成', value: String((error as Error).stack ?? error), ok: false });
  }
  console.error(`  ${file}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log(formatRows(rows));
const results = path.join(import.meta.dirname, '../../bench/results');
fs.mkdirSync(results, { recursive: true });
fs.writeFileSync(path.join(results, `verify-${suite}.json`), JSON.stringify({ suite, at: new Date().toISOString(), rows }, null, 2) + '\n');
process.exit(rows.every((row) => row.ok !== false) ? 0 : 1);
