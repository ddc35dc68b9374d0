// `npm run bench [filter]`: runs every suite of bench/suites/*.ts (file-name order; a filter
// keeps the files whose name contains it), prints one table of figures beside their targets
// and the peers' figures, and writes the same rows to bench/results/bench-<time>.json and
// bench/results/latest.json. Exit code 1 when a figure misses its target or a suite fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatRows, type VerifyCheck, type VerifyRow } from '../scripts/verify/rows.ts';
import { closeBenchApp } from './support/benchApp.ts';

const only = process.argv[2];
const dir = path.join(import.meta.dirname, 'suites');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && (!only || f.includes(only))).sort();
const at = new Date();
// Figures taken on a busy machine are not comparable: the load is part of the result.
const rows: VerifyRow[] = [{ area: 'machine', figure: `load average (1 min) at start, ${os.cpus().length} cores`, value: Math.round(os.loadavg()[0]! * 100) / 100 }];
try {
  for (const file of files) {
    const started = Date.now();
    console.error(`… ${file}`);
    try {
      const suite = (await import(pathToFileURL(path.join(dir, file)).href)).default as VerifyCheck;
      rows.push(...(await suite()));
    } catch (error) {
      rows.push({ area: file, figure: '未能完成', value: String((error as Error).stack ?? error).split('\n').slice(0, 3).join(' '), ok: false });
    }
    console.error(`  ${file}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await closeBenchApp();
}
console.log(formatRows(rows));
const results = path.join(import.meta.dirname, 'results');
fs.mkdirSync(results, { recursive: true });
const json = `${JSON.stringify({ at: at.toISOString(), filter: only ?? null, loadAverage: os.loadavg(), rows }, null, 2)}\n`;
fs.writeFileSync(path.join(results, `bench-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.json`), json);
fs.writeFileSync(path.join(results, 'latest.json'), json);
process.exit(rows.every((row) => row.ok !== false) ? 0 : 1);
