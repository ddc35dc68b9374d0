import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { Api, signedIn } from './api.ts';
import { freePort } from './server.ts';
import { ServerProcess } from './serverProcess.ts';
import { checkServed, checkStored, CLIENT_ACCOUNTS, clientsOf, demoOf, Ledger, writeAll, type Clients, type Demo, type Row, type StoredRow, type WriteFigures } from './writeLedger.ts';
import {
  addExportRows,
  deliveries,
  dispatchedOrders,
  exportFileProblem,
  exportFinished,
  exportHolder,
  exportUnderWay,
  makeDue,
  stillDispatched,
  timerFirings,
  unpublished,
  until,
  watchTechnician,
} from './backgroundWork.ts';
import { openPostgres, type DB } from '../../server/platform/db/index.ts';

/**
 * An instance killed under writes (issue 39): two server processes (server/main.ts, as `npm
 * start` runs them) on one PostgreSQL database, one files folder and one external broker take
 * writes from several clients each. Instance A is SIGKILLed while it writes an export it claimed,
 * with work orders whose accept timer is due and notices possibly still in its outbox. Then, on
 * B: every acknowledged write is stored and served, A's export is finished from its claim's
 * lapse and downloadable, each due timer fired exactly once, every notice reached the broker, and
 * writes go on (A's clients turn to B, as a load balancer would send them). A is restarted
 * before the next kill.
 */

export interface InstanceKillOptions {
  /** The shared database: a seeded copy, or an empty one that A, started first, migrates and seeds. */
  databaseUrl: string;
  /** The shared files folder (exports, uploads, the sign-on key). */
  filesDir: string;
  /** The external broker as the services reach it. */
  mqttUrl: string;
  kills: number;
  /** How long both instances take writes before each kill, and B alone after it (at least). */
  writeMs?: number;
  /** Rows of the export A is writing at its kill: enough that it is half-written then. */
  exportRows?: number;
  /** Work orders whose timer is due at each kill. */
  timers?: number;
}

export interface InstanceKillFigures extends WriteFigures {
  kills: number;
  /** Writes B acknowledged after the kills, from its own clients and A's. */
  writesAfterKill: number;
  /** Exports A had claimed at its kill that another claim finished, with every row. */
  exportsTakenOver: number;
  /** Milliseconds from each kill to A's export done on B (its claim's lapse, B's next look, the whole file again). */
  exportTakeoverMs: number[];
  /** Timers due and not yet fired at a kill. */
  timersDueAtKill: number;
  /** Due timers that did not fire exactly once (a recall and a notice each). */
  timersNotOnce: number;
  /** Messages stored but not yet published at a kill. */
  noticesWaitingAtKill: number;
  /** The technician's published messages the broker's subscriber never received. */
  noticesNotDelivered: number;
  /** …and those it received twice (a publish whose acknowledgement died with A: at least once). */
  noticesDeliveredTwice: number;
  /** Milliseconds from spawn to a healthy answer: A, B, then A after each kill but the last. */
  startMs: number[];
}

/** Export claim of the instances (PMS_EXPORT_LEASE_SECONDS): B takes A's export this long after A's last renewal. */
const LEASE_SECONDS = 10;
/** How long B gets for each piece of A's work. */
const TAKEOVER_MS = 180_000;

interface Run {
  options: Required<InstanceKillOptions>;
  db: DB;
  a: ServerProcess;
  b: ServerProcess;
  onA: Clients;
  onB: Clients;
  demo: Demo;
  ledger: Ledger;
  notices: Awaited<ReturnType<typeof watchTechnician>>;
  figures: InstanceKillFigures;
}

const storedRow =
  (db: DB): StoredRow =>
  async (table, column, value) =>
    (await (db as any).selectFrom(table).selectAll().where(column, '=', value).executeTakeFirst()) as Row | undefined;

/** The same sessions, sent to another instance. */
const turnedTo = (clients: Clients, url: string): Clients => clientsOf(Object.values(clients).map((api: Api) => new Api(url, api.token)));

async function killOnce(run: Run, cycle: number): Promise<void> {
  const { ledger } = run;
  ledger.cycle = cycle;
  ledger.stopped = false;
  const writers: Promise<unknown>[] = [];
  try {
    await killWhileWriting(run, cycle, (clients, tag) => {
      const writing = writeAll(ledger, clients, run.demo, tag);
      writers.push(writing);
      return writing;
    });
  } finally {
    // Also when a check threw: no writer outlives its cycle.
    ledger.stopped = true;
    await Promise.allSettled(writers);
  }
}

async function killWhileWriting(run: Run, cycle: number, write: (clients: Clients, tag: string) => Promise<unknown>): Promise<void> {
  const { options, db, a, b, onA, onB, ledger, figures } = run;
  const since = Date.now();
  const orders = await dispatchedOrders(onA.kefu, onA.diaodu, options.timers, String(cycle));
  const writingOnA = write(onA, `${cycle}A`);
  const writingOnB = write(onB, `${cycle}B`);
  // A refusal ends the run at once, not after the wait.
  const refused = Promise.all([writingOnA, writingOnB]).then(() => undefined);
  await Promise.race([sleep(options.writeMs), refused]);
  const job = await exportUnderWay(onA.admin, db);
  await makeDue(db, orders);
  await a.kill();
  const killedAt = Date.now();
  const acknowledgedAtKill = ledger.acknowledged;
  // A renews its claim as it writes; held by another now, A's had lapsed while A lived (the lease too short for the machine's load).
  const heldByA = (await exportHolder(db, job.id)).claimed_by === job.claimedBy;
  if (!heldByA) figures.problems.push(`kill ${cycle}: export ${job.id} was held by another claim at the kill`);
  figures.kills++;
  figures.timersDueAtKill += await stillDispatched(db, orders);
  figures.noticesWaitingAtKill += await unpublished(db);

  // A's writers end at their first unanswered write; their sessions go on through B.
  await writingOnA;
  const writingTurned = write(turnedTo(onA, b.url), `${cycle}AB`);
  const finished = await exportFinished(db, job, TAKEOVER_MS);
  const takenOver = heldByA && finished.status === 'done' && finished.otherClaims > 0;
  if (takenOver) figures.exportTakeoverMs.push(finished.finishedAt - killedAt);
  else figures.problems.push(`kill ${cycle}: export ${job.id} ${finished.status} with ${finished.otherClaims} claims besides A's; B said:\n${b.output.slice(-1500)}`);
  await until(`kill ${cycle}: due timers fired on B`, async () => ((await stillDispatched(db, orders)) ? undefined : true), TAKEOVER_MS);
  await until(`kill ${cycle}: A's outbox published by B`, async () => ((await unpublished(db, killedAt)) ? undefined : true), TAKEOVER_MS);
  await sleep(Math.max(0, killedAt + options.writeMs - Date.now()));
  ledger.stopped = true;
  await Promise.all([refused, writingTurned]);
  figures.writesAfterKill += ledger.acknowledged - acknowledgedAtKill;

  await checkStored(ledger, storedRow(db), `stored after kill ${cycle}`, figures);
  await checkServed(onB.admin, ledger, `served by B after kill ${cycle}`, figures);
  const fileProblem = await exportFileProblem(onB.admin, job);
  if (fileProblem) figures.problems.push(`kill ${cycle}: ${fileProblem}`);
  else if (takenOver) figures.exportsTakenOver++;
  // Seconds of B's sweeps after the firing (a timer firing twice would show by now).
  for (const fired of await timerFirings(db, orders)) {
    if (fired.recalls === 1 && fired.notices === 1) continue;
    figures.timersNotOnce++;
    figures.problems.push(`kill ${cycle}: order ${fired.id} recalled ${fired.recalls} times, told ${fired.notices} times`);
  }
  await until(`kill ${cycle}: every notice published`, async () => ((await unpublished(db)) ? undefined : true), TAKEOVER_MS);
  // What the broker acknowledged is on its way to the subscriber: a moment to arrive.
  await sleep(500);
  const { missing, twice } = await deliveries(db, run.notices.received, since);
  figures.noticesNotDelivered += missing.length;
  figures.noticesDeliveredTwice += twice;
  if (missing.length) figures.problems.push(`kill ${cycle}: messages ${missing.join(', ')} published but never received`);
}

/** Runs the kills on a two-instance cluster over the given database, files folder and broker; answers the figures. */
export async function instanceKill(given: InstanceKillOptions): Promise<InstanceKillFigures> {
  const options = { writeMs: 3000, exportRows: 20_000, timers: 2, ...given };
  const figures: InstanceKillFigures = { kills: 0, acknowledgedWrites: 0, lost: 0, landedUnacknowledged: 0, writesAfterKill: 0, exportsTakenOver: 0, exportTakeoverMs: [], timersDueAtKill: 0, timersNotOnce: 0, noticesWaitingAtKill: 0, noticesNotDelivered: 0, noticesDeliveredTwice: 0, startMs: [], problems: [] };
  const database = openPostgres(options.databaseUrl, 4);
  const dirs = ['a', 'b'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `pms-instance-${name}-`)));
  // Every background timer each second: B's sweeps and outbox come soon after the kill.
  const env = { PMS_DATABASE_URL: options.databaseUrl, PMS_FILES_DIR: options.filesDir, PMS_MQTT_URL: options.mqttUrl, PMS_EXPORT_LEASE_SECONDS: String(LEASE_SECONDS), PMS_TIMER_INTERVAL_MS: '1000' };
  const a = new ServerProcess(await freePort(), dirs[0]!, env);
  const b = new ServerProcess(await freePort(), dirs[1]!, env);
  let notices: Run['notices'] | undefined;
  try {
    // A first: on an empty database it migrates and seeds (minutes on a loaded machine), which B would wait for.
    figures.startMs.push(await a.start(900_000));
    figures.startMs.push(await b.start());
    const db = database.db;
    await addExportRows(db, options.exportRows);
    notices = await watchTechnician(options.mqttUrl, db);
    const signIn = (url: string) => Promise.all(CLIENT_ACCOUNTS.map((account) => signedIn(url, account)));
    const dictType = (await sql<{ id: number }>`select id from dict_type order by id limit 1`.execute(db)).rows[0]!;
    const run: Run = { options, db, a, b, onA: clientsOf(await signIn(a.url)), onB: clientsOf(await signIn(b.url)), demo: demoOf(dictType.id), ledger: new Ledger(), notices, figures };
    for (let cycle = 1; cycle <= options.kills; cycle++) {
      // Sessions live in the database: A's clients are still signed in after its restart.
      if (cycle > 1) figures.startMs.push(await a.start());
      await killOnce(run, cycle);
    }
    figures.acknowledgedWrites = run.ledger.acknowledged;
    return figures;
  } catch (error) {
    // What the servers said last explains a refused write.
    throw new Error(`${(error as Error).message}\n--- A:\n${a.output}\n--- B:\n${b.output}`, { cause: error });
  } finally {
    await notices?.end();
    await Promise.all([a.kill(), b.kill()]);
    await database.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
