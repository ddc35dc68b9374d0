// Broker restarts under a signed-in browser (issue 10): 10 times, notices arrive while the
// embedded broker is away; the page must reconnect by itself, show the right unread count and
// the next notice.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { brokerRestarts } from '../../../tests/support/brokerRestart.ts';
import { launchBrowser } from '../../../tests/support/browser.ts';
import { startServer } from '../../../tests/support/server.ts';
import { mustBeZero, type VerifyRow } from '../rows.ts';

const RESTARTS = 10;
const area = 'broker restart';

export default async (): Promise<VerifyRow[]> => {
  // The web app as `npm start` serves it: built when missing or older than its sources.
  execFileSync(process.execPath, [path.join(import.meta.dirname, '../../build-if-needed.mjs')], { stdio: 'ignore' });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const f = await brokerRestarts(server, browser, RESTARTS);
    const sorted = [...f.reconnectMs].sort((a, b) => a - b);
    const max = sorted.at(-1) ?? Infinity;
    return [
      { area, figure: 'restarts of the embedded broker', value: f.restarts, target: `= ${RESTARTS}`, ok: f.restarts === RESTARTS },
      { area, figure: 'push connection back by itself', value: f.reconnected, target: `= ${RESTARTS}`, ok: f.reconnected === RESTARTS },
      { area, figure: 'broker back → page online, median (ms)', value: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0) },
      // The page retries every 2 s; one retry period and a connection is the most it should take.
      { area, figure: 'broker back → page online, max (ms)', value: Math.round(max), target: '< 4000', ok: max < 4000 },
      mustBeZero(area, 'unread count wrong after a restart', f.unreadWrong),
      { area, figure: 'next notice shown after a restart', value: f.shownAfter, target: `= ${RESTARTS}`, ok: f.shownAfter === RESTARTS },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
};
