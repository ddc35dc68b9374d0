// `npm run lint:schemas` over every schema of the product: wall time of the whole command
// (tsx start included), one warm-up, then the median of RUNS.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { median, RUNS } from '../support/measure.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export default async (): Promise<VerifyRow[]> => {
  const times: number[] = [];
  for (let run = -1; run < RUNS; run++) {
    const started = performance.now();
    execFileSync('npm', ['run', '--silent', 'lint:schemas'], { cwd: ROOT, stdio: 'ignore' });
    if (run >= 0) times.push((performance.now() - started) / 1000);
  }
  const value = Math.round(median(times) * 100) / 100;
  return [{ area: 'schema lint', figure: `npm run lint:schemas, every schema (s, median of ${RUNS})`, value, target: '< 3', ok: value < 3 }];
};
