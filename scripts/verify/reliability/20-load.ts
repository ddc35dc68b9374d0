// Issue 10, load: 200 concurrent signed-in sessions mixing list, detail and write calls at a fixed rate for 60 s.
import { officeLoad } from '../../../bench/support/officeLoad.ts';
import { refusalText } from '../../../bench/support/signedLoad.ts';
import { mustBeZero, type VerifyRow } from '../rows.ts';

// One call a second from each of the 200 staff: several times what people clicking through a
// console send, and within what the server answers on this 2-core machine (bench 31 measures the
// ceiling). At 1,000/s the requests outran the server and queued into timeouts.
const RATE = 200;

export default async (): Promise<VerifyRow[]> => {
  const r = await officeLoad({ sessions: 200, seconds: 60, rate: RATE });
  return [
    { area: 'load', figure: `requests per second (${r.sessions} sessions, fixed rate ${RATE}/s, 60 s)`, value: r.requestsPerSecond },
    { area: 'load', figure: 'latency p50 / p97.5 / p99 (ms)', value: `${r.p50} / ${r.p97_5} / ${r.p99}` },
    mustBeZero('load', 'connection errors', r.errors),
    mustBeZero('load', 'timeouts (no answer in 10 s)', r.timeouts),
    mustBeZero('load', 'non-2xx answers', r.non2xx),
    { area: 'load', figure: 'non-2xx answers by status and message', value: refusalText(r.refusals) },
    { area: 'load', figure: 'server RSS after a full GC, before → after (MB)', value: `${r.rssBeforeMb} → ${r.rssAfterMb}` },
  ];
};
