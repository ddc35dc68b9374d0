// The families of issue 40's outside probe, each a generated server test (run here by vitest, one
// process, JSON report): a failed test is a finding. Deep JSON bodies and JSON field shapes,
// personal data masking and the logged reveal, initial passwords, delegated authority over every
// widening field, other-project probes over every resource with project data.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mustBeZero, type VerifyRow } from '../rows.ts';

const FAMILIES: Record<string, string[]> = {
  'deep JSON bodies and JSON field shapes': ['body-shape', 'json-shapes'],
  'personal data masked, reveal logged': ['personal-data'],
  'initial passwords and forced change': ['initial-password'],
  'delegated authority (never beyond the caller\u2019s own)': ['delegated-authority'],
  'other-project probes': ['other-project-probes'],
};

interface VitestReport {
  testResults: { name: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }[];
}

export default async (): Promise<VerifyRow[]> => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pms-verify-')), 'report.json');
  const files = Object.values(FAMILIES).flat().map((name) => `tests/server/${name}.test.ts`);
  spawnSync('npx', ['vitest', 'run', '--project', 'server', '--reporter=json', `--outputFile=${out}`, ...files], { stdio: ['ignore', 'ignore', 'inherit'], cwd: path.join(import.meta.dirname, '../../..') });
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as VitestReport;
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const rows: VerifyRow[] = [];
  for (const [family, names] of Object.entries(FAMILIES)) {
    const results = report.testResults.filter((r) => names.some((n) => r.name.endsWith(`/${n}.test.ts`))).flatMap((r) => r.assertionResults);
    const failed = results.filter((t) => t.status !== 'passed');
    for (const t of failed.slice(0, 5)) console.error(`  ${t.fullName}: ${t.failureMessages[0]?.split('\n')[0] ?? t.status}`);
    rows.push({ area: 'probe families', figure: `${family}: tests run`, value: results.length, target: '> 0', ok: results.length > 0 });
    rows.push(mustBeZero('probe families', `${family}: failed`, failed.length));
  }
  return rows;
};
