// Crash durability at full size (issue 10): 30 SIGKILLs of the server while clients write.
import { crashDurability } from '../../../tests/support/crash.ts';
import { mustBeZero, type VerifyRow } from '../rows.ts';

const KILLS = 30;
const area = 'crash durability';

export default async (): Promise<VerifyRow[]> => {
  const f = await crashDurability({ kills: KILLS });
  const sorted = [...f.restartMs].sort((a, b) => a - b);
  for (const problem of f.problems.slice(0, 20)) console.error(`  ${problem}`);
  return [
    { area, figure: 'SIGKILLs while writing', value: f.kills, target: `= ${KILLS}`, ok: f.kills === KILLS },
    { area, figure: 'acknowledged writes', value: f.acknowledgedWrites, target: '> 0', ok: f.acknowledgedWrites > 0 },
    mustBeZero(area, 'acknowledged writes lost', f.lost),
    mustBeZero(area, 'integrity_check failures', f.integrityFailures),
    { area, figure: 'unacknowledged writes that landed', value: f.landedUnacknowledged },
    { area, figure: 'kills leaving a WAL to recover', value: f.walRecoveries },
    { area, figure: 'restart to healthy, median (ms)', value: sorted[Math.floor(sorted.length / 2)] ?? 0 },
    { area, figure: 'restart to healthy, max (ms)', value: sorted.at(-1) ?? 0 },
  ];
};
