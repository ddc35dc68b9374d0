import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GENERATOR_VERSION, generateData } from '../../scripts/generate-data.ts';

export const BIG = { orders: 1_000_000, records: 5_000_000 };

/**
 * The big database of issue 11 (1,000,000 work orders, 5,000,000 patrol records), generated once
 * (minutes) and kept in the temp folder under the generator's version; a copy per use would
 * take as long as a read, so suites open it in place and write nothing they depend on.
 */
export async function bigDatabase(log: (line: string) => void = console.log): Promise<string> {
  const dir = path.join(os.tmpdir(), `pms-bench-data-v${GENERATOR_VERSION}-${BIG.orders}-${BIG.records}`);
  const done = path.join(dir, 'generated.json');
  if (fs.existsSync(done)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  log(`generating the big database in ${dir} (a few minutes, once)`);
  await generateData({ dir, ...BIG, log });
  fs.writeFileSync(done, JSON.stringify({ version: GENERATOR_VERSION, ...BIG, at: new Date().toISOString() }));
  return dir;
}
