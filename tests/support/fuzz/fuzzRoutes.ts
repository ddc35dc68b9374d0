// Bad-input fuzzing of every /api route of a running server: `perRoute` invalid inputs each,
// sent as the signed-in administrator (plus a share unsigned, badly signed or anonymous) with
// modest concurrency, route by route so that a change of the business tables can be pinned
// on the route whose refused inputs made it.
import { mustBeZero, type VerifyRow } from '../../../scripts/verify/rows.ts';
import { runScheduler } from '../../../server/modules/patrol/schedule.ts';
import { signedIn, type Api } from '../api.ts';
import { apiRoutes } from '../routes.ts';
import type { TestServer } from '../server.ts';
import { watchBusinessWrites } from './dbWrites.ts';
import { sampleInvalidInputs, type FuzzInput } from './inputs.ts';
import { ownerMobiles, ownerSignedIn } from '../owners.ts';
import { DEMO_PROJECTS } from '../../../server/modules/org/demo.ts';
import { isChineseEnvelope, LEAK, sendInput } from './request.ts';
import { testPostgres } from '../postgresDatabases.ts';

export interface FuzzOptions {
  perRoute: number;
  seed?: number;
  concurrency?: number;
  /** Progress and findings as they happen (long verify runs). */
  log?: (line: string) => void;
  /** Only every `of`-th route from `index` (the suite runs the table in two files, one per worker). */
  part?: { index: number; of: number };
}

export interface FuzzFigures {
  routesInTable: number;
  routesCovered: number;
  inputsSent: number;
  /** Fewest inputs any route got (≥ perRoute unless the generator ran dry). */
  fewestPerRoute: number;
  serverErrors: number;
  leaks: number;
  /** Inputs that had to be refused but were answered 2xx/3xx. */
  accepted: number;
  /** Routes whose business tables changed while every input was refused. */
  databaseChanged: number;
  /** Answers that are not the JSON envelope with a Chinese message. */
  notEnvelope: number;
  /** Up to a few examples per kind of failure (5xx, leak, accepted, database changed, session lost). */
  findings: string[];
  /** Up to a few examples of answers that are not the envelope (reported, not a failure). */
  notes: string[];
}

/**
 * Inputs per route in the test suite: issue 10 asks for at least 200 per route, which the SQLite
 * pass sends (npm test). Validation answers before any SQL, the same on both databases; what
 * differs on PostgreSQL is how its stricter types take what validation lets through, which a
 * sample of 50 per route reaches in a quarter of the time (the PostgreSQL pass, CI). A quick
 * local run may ask for fewer: FUZZ_PER_ROUTE.
 */
export const PER_ROUTE_IN_TESTS = Number(process.env.FUZZ_PER_ROUTE ?? (testPostgres() ? 50 : 200));

const seedOf = (text: string, base: number) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, base);
const describe = (input: FuzzInput) => JSON.stringify({ ...input, body: input.body && { type: input.body.type, text: input.body.text.slice(0, 200) }, query: input.query.map(([k, v]) => [k.slice(0, 60), v.slice(0, 60)]) });

/**
 * The clock-driven jobs write by themselves: quietened, so that every write seen is a request's.
 * The workflow timers stop; the patrol scheduler (a plugin's own minute timer) is given nothing
 * to do: plans stopped, and open tasks' windows moved a day on, once it has caught up.
 */
async function quietClocks(server: TestServer): Promise<void> {
  server.app.workflowTimers.stop();
  const db = server.app.db;
  await runScheduler(db);
  const later = Date.now() + 86_400_000;
  await db.updateTable('tbp_plan').set({ status: 'stopped' }).execute();
  await db.updateTable('tbp_task').set({ window_end: later, close_at: later + 86_400_000 }).where('status', 'in', ['not_started', 'in_progress', 'overdue']).execute();
}

/** Runs the fuzzer; the server must have been started by the caller (it is left running). */
export async function fuzzRoutes(server: TestServer, options: FuzzOptions): Promise<FuzzFigures> {
  const { perRoute, seed = 20261122, concurrency = 8 } = options;
  const part = options.part ?? { index: 0, of: 1 };
  const routes = apiRoutes(server.app).filter((_, i) => i % part.of === part.index);
  await quietClocks(server);
  const writes = await watchBusinessWrites(server.config);
  let admin: Api = await signedIn(server.url, 'admin');
  // Owner-app routes (config.owner) are sent as an owner: a staff session never reaches their input checks.
  const owner: Api = await ownerSignedIn(server, (await ownerMobiles(server, DEMO_PROJECTS.cuihu.id, true, 1))[0]!);
  const figures: FuzzFigures = { routesInTable: routes.length, routesCovered: 0, inputsSent: 0, fewestPerRoute: Infinity, serverErrors: 0, leaks: 0, accepted: 0, databaseChanged: 0, notEnvelope: 0, findings: [], notes: [] };
  const seen = new Map<string, number>();
  /** Counts a finding under its figure, keeping the first few as examples. */
  const found = (figure: 'serverErrors' | 'accepted' | 'leaks' | 'notEnvelope' | 'databaseChanged' | null, kind: string, text: string) => {
    if (figure) figures[figure]++;
    const n = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, n);
    if (n > 5) return;
    (figure === 'notEnvelope' ? figures.notes : figures.findings).push(`${kind}: ${text.slice(0, 600)}`);
    options.log?.(`${kind}: ${text.slice(0, 600)}`);
  };

  try {
    await writes.take();
    for (const route of routes) {
      const inputs = sampleInvalidInputs(route, perRoute, seedOf(`${route.method} ${route.url}`, seed));
      let next = 0;
      const worker = async () => {
        while (next < inputs.length) {
          const input = inputs[next++]!;
          const answer = await sendInput(route.config.owner ? owner : admin, route, input);
          figures.inputsSent++;
          const where = `${route.method} ${route.url} ${answer.http} ${answer.text.slice(0, 200)} ← ${describe(input)}`;
          if (answer.http >= 500) found('serverErrors', '5xx', where);
          if (answer.http < 400) found('accepted', 'accepted', where);
          if (LEAK.test(answer.text)) found('leaks', 'leak', where);
          if (!isChineseEnvelope(answer)) found('notEnvelope', 'not the envelope', where);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      if (++figures.routesCovered % 50 === 0) options.log?.(`${figures.routesCovered}/${routes.length} routes, ${figures.inputsSent} inputs`);
      figures.fewestPerRoute = Math.min(figures.fewestPerRoute, inputs.length);
      const changed = await writes.take();
      if (changed.length) found('databaseChanged', 'database changed', `${route.method} ${route.url}: ${changed.join(', ')}`);
      // An input that ended the administrator's session would hide every later route behind 401.
      if ((await admin.get('/api/auth/login/findUserInfo')).http !== 200) {
        found(null, 'admin session lost', `${route.method} ${route.url}`);
        admin = await signedIn(server.url, 'admin');
        await writes.take();
      }
    }
  } finally {
    await writes.close();
  }
  return figures;
}

/** The figures as verify rows. */
export function fuzzRows(f: FuzzFigures, perRoute: number): VerifyRow[] {
  const area = '输入模糊测试';
  return [
    { area, figure: 'API 路由（路由表）', value: f.routesInTable },
    { area, figure: '覆盖的路由', value: f.routesCovered, target: `= ${f.routesInTable}`, ok: f.routesCovered === f.routesInTable },
    { area, figure: '每条路由最少的非法输入', value: f.fewestPerRoute, target: `≥ ${perRoute}`, ok: f.fewestPerRoute >= perRoute },
    { area, figure: '发送的非法输入', value: f.inputsSent },
    mustBeZero(area, '5xx 响应', f.serverErrors),
    mustBeZero(area, '泄露堆栈/路径/SQL 错误的响应', f.leaks),
    mustBeZero(area, '被接受的非法输入（2xx/3xx）', f.accepted),
    mustBeZero(area, '被拒绝的写入改变了数据库（路由数）', f.databaseChanged),
    { area, figure: '非「JSON 信封 + 中文消息」的响应', value: f.notEnvelope },
  ];
}
