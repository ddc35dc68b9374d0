// An instance killed under writes (issue 39): two server processes on a PostgreSQL cluster, a
// files folder and a mosquitto of their own; instance A SIGKILLed three times while both take
// writes and A writes an export, with timers due (tests/support/instanceKill.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMosquitto } from '../../cluster/mosquitto.ts';
import { freePort } from '../../cluster/ports.ts';
import { startPostgres } from '../../cluster/postgres.ts';
import { instanceKill } from '../../../tests/support/instanceKill.ts';
import { mustBeZero, type VerifyRow } from '../rows.ts';

const KILLS = 3;
const area = 'two-instance kill';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export default async (): Promise<VerifyRow[]> => {
  const postgres = startPostgres(await freePort());
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-shared-files-'));
  try {
    const mosquitto = await startMosquitto();
    try {
      // An empty database: instance A migrates and seeds it at its first start.
      const f = await instanceKill({ databaseUrl: await postgres.createDatabase('pms'), filesDir: files, mqttUrl: mosquitto.url, kills: KILLS });
      for (const problem of f.problems.slice(0, 20)) console.error(`  ${problem}`);
      const [seedingStart, otherStart, ...restarts] = f.startMs;
      return [
        { area, figure: 'SIGKILLs of instance A under writes', value: f.kills, target: `= ${KILLS}`, ok: f.kills === KILLS },
        { area, figure: 'acknowledged writes (both instances)', value: f.acknowledgedWrites, target: '> 0', ok: f.acknowledgedWrites > 0 },
        mustBeZero(area, 'acknowledged writes lost', f.lost),
        { area, figure: 'unacknowledged writes that landed', value: f.landedUnacknowledged },
        { area, figure: 'writes acknowledged by B after the kills', value: f.writesAfterKill, target: '> 0', ok: f.writesAfterKill > 0 },
        { area, figure: "A's claimed exports finished by B, every row", value: f.exportsTakenOver, target: `= ${KILLS}`, ok: f.exportsTakenOver === KILLS },
        { area, figure: "kill → A's export done on B, median (ms)", value: median(f.exportTakeoverMs) },
        { area, figure: "kill → A's export done on B, max (ms)", value: Math.max(0, ...f.exportTakeoverMs) },
        { area, figure: 'timers due and unfired at the kills', value: f.timersDueAtKill, target: '> 0', ok: f.timersDueAtKill > 0 },
        mustBeZero(area, 'due timers not fired exactly once', f.timersNotOnce),
        { area, figure: 'notices unpublished at the kills', value: f.noticesWaitingAtKill },
        mustBeZero(area, 'notices published, never received', f.noticesNotDelivered),
        { area, figure: 'notices received twice (at least once)', value: f.noticesDeliveredTwice },
        { area, figure: 'A start, migrating and seeding (ms)', value: seedingStart ?? 0 },
        { area, figure: 'B start (ms)', value: otherStart ?? 0 },
        { area, figure: 'A restart to healthy, median (ms)', value: median(restarts) },
      ];
    } finally {
      await mosquitto.stop();
    }
  } finally {
    postgres.stop();
    fs.rmSync(files, { recursive: true, force: true });
  }
};
