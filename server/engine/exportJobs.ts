import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { asAttachment, XLSX_TYPE } from '../platform/http/attachment.ts';
import { writeExcel, type ExcelColumn, type ExcelRow } from '../platform/http/excel.ts';
import { ApiError, badRequest, notFound, ok } from '../platform/http/envelope.ts';
import type { StaffContext } from '../platform/types.ts';
import { loadStaffContext } from './access/authenticate.ts';

// The download center (issue 31, capability 1): an export too long for one request runs in the
// background, one at a time, its progress kept in export_job; the file stays for
// PMS_EXPORT_KEEP_HOURS and only the staff member who asked for it lists or downloads it.
//
// Several instances share the jobs (issue 39): each job is made again from its stored source and
// parameters by the instance that claims it, for its owner's rights, and the claim lapses unless
// renewed, so a job whose instance died (or restarted) is written by another, exactly once.

export interface ExportJobTable {
  id: import('kysely').Generated<number>;
  owner_id: number;
  title: string;
  source: string;
  params: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  row_count: number;
  file_name: string | null;
  file_key: string | null;
  size: number | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
  expires_at: number | null;
  /** The instance writing it, while its claim holds. */
  claimed_by: string | null;
  lease_until: number | null;
}

declare module '../platform/db/schema.ts' {
  interface Database {
    export_job: ExportJobTable;
  }
}

type Db = Kysely<import('../platform/db/schema.ts').Database>;
/** A job as read. */
type Job = import('kysely').Selectable<ExportJobTable>;

/** What a background export writes: its columns, how many rows it will write (for the progress) and the rows. */
export interface ExportWork {
  title: string;
  /** What asked for it (a report's name), shown in the center. */
  source: string;
  params: unknown;
  columns: ExcelColumn[];
  total(): Promise<number>;
  rows(): AsyncIterable<ExcelRow>;
}

/** Unfinished exports one staff member may have at once. */
const MAX_OPEN_PER_OWNER = 3;
/** Rows between two progress writes. */
const PROGRESS_EVERY = 500;

const folder = (app: FastifyInstance) => path.join(app.config.filesDir, 'exports');
const fileOf = (app: FastifyInstance, key: string) => path.join(folder(app), `${key}.xlsx`);

/** How long a claim holds without renewal (PMS_EXPORT_LEASE_SECONDS): a dead instance's job waits this long for another. */
const leaseMs = (app: FastifyInstance) => app.config.exportLeaseSeconds * 1000;
/** How often an idle instance looks for queued or abandoned jobs. */
const LOOK_EVERY_MS = 5_000;

/** How a source (a report) makes its work again from the stored parameters, for 重新生成. */
export type ExportMaker = (staff: StaffContext, params: unknown) => ExportWork;
const makers = new WeakMap<object, Map<string, ExportMaker>>();

/** Declares how `source`'s exports are made, so the center can regenerate them. */
export function registerExportSource(app: FastifyInstance, source: string, make: ExportMaker): void {
  const map = makers.get(app.server) ?? new Map<string, ExportMaker>();
  makers.set(app.server, map);
  map.set(source, make);
}

/** Records the export and wakes this instance's writer; answers the job's id at once. */
export async function queueExport(app: FastifyInstance, staff: StaffContext, work: ExportWork): Promise<number> {
  const db = app.db as Db;
  const open = await db.selectFrom('export_job').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', staff.id).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow();
  if (Number(open.n) >= MAX_OPEN_PER_OWNER) throw new ApiError(429, `您已有 ${MAX_OPEN_PER_OWNER} 个导出正在生成，请稍后再试`);
  const { id } = await db
    .insertInto('export_job')
    .values({ owner_id: staff.id, title: work.title, source: work.source, params: JSON.stringify(work.params ?? {}), status: 'queued', progress: 0, row_count: 0, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  writers.get(app.server)?.wake();
  return id;
}

/** Each instance's writer: wakes on a new job and every few seconds, and writes the jobs it claims one at a time. */
const writers = new WeakMap<object, { wake(): void }>();

/**
 * Starts the instance's writer (the download center's plugin does, once per instance): it claims
 * the oldest queued job, or a running one whose claim lapsed, and writes it.
 */
function startWriter(app: FastifyInstance): () => Promise<void> {
  const me = randomUUID();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const drain = async () => {
    for (let job = await claimNext(app, me); job && !stopped; job = await claimNext(app, me)) await writeJob(app, me, job);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error) => app.log.error({ err: error }, 'background exports stopped'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  writers.set(app.server, { wake });
  const timer = setInterval(wake, LOOK_EVERY_MS);
  timer.unref();
  wake();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/** Claims one job for `me`: the update names the state it found, so of two instances claiming at once one wins. */
async function claimNext(app: FastifyInstance, me: string): Promise<Job | null> {
  const db = app.db as Db;
  for (;;) {
    const now = Date.now();
    const open = (eb: import('kysely').ExpressionBuilder<import('../platform/db/schema.ts').Database, 'export_job'>) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]);
    const next = await db.selectFrom('export_job').select('id').where(open).orderBy('id').limit(1).executeTakeFirst();
    if (!next) return null;
    const claimed = await db
      .updateTable('export_job')
      .set({ status: 'running', claimed_by: me, lease_until: now + leaseMs(app) })
      .where('id', '=', next.id)
      .where(open)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return (await db.selectFrom('export_job').selectAll().where('id', '=', next.id).executeTakeFirst()) ?? null;
  }
}

/** Writes one claimed job's file, renewing the claim as it goes; a failure is recorded on the job, never thrown. */
async function writeJob(app: FastifyInstance, me: string, job: Job): Promise<void> {
  const db = app.db as Db;
  const id = job.id;
  const mine = () => db.updateTable('export_job').where('id', '=', id).where('claimed_by', '=', me);
  const key = randomUUID();
  const file = fileOf(app, key);
  const lease = leaseMs(app);
  const renew = setInterval(() => void mine().set({ lease_until: Date.now() + lease }).execute().catch(() => undefined), lease / 3);
  try {
    const make = makers.get(app.server)?.get(job.source);
    const owner = make ? await loadStaffContext(app, job.owner_id, '') : null;
    if (!make || !owner) throw new Error(`export source ${job.source} or owner ${job.owner_id} is gone`);
    const work = make(owner, JSON.parse(job.params));
    const total = Math.max(1, await work.total());
    let written = 0;
    async function* counted(): AsyncIterable<ExcelRow> {
      for await (const row of work.rows()) {
        yield row;
        written += 1;
        if (written % PROGRESS_EVERY === 0) {
          await mine().set({ progress: Math.min(99, Math.floor((100 * written) / total)), row_count: written, lease_until: Date.now() + lease }).execute();
        }
      }
    }
    await mkdir(folder(app), { recursive: true });
    const out = createWriteStream(file);
    const closed = new Promise<void>((resolve, reject) => out.on('close', resolve).on('error', reject));
    await writeExcel(out, work.columns, counted());
    out.end();
    await closed;
    const now = Date.now();
    const done = await mine()
      .set({ status: 'done', progress: 100, row_count: written, file_key: key, file_name: `${work.title}_${new Date(now).toISOString().slice(0, 10)}.xlsx`, size: (await stat(file)).size, finished_at: now, expires_at: now + app.config.exportKeepHours * 3600_000, claimed_by: null, lease_until: null })
      .executeTakeFirst();
    // Claimed by another meanwhile (this instance stalled past its claim): theirs is the file.
    if (Number(done.numUpdatedRows) !== 1) await rm(file, { force: true });
  } catch (error) {
    app.log.error({ err: error, job: id }, 'background export failed');
    await rm(file, { force: true });
    await mine().set({ status: 'failed', error: '导出失败，请重新生成', finished_at: Date.now(), claimed_by: null, lease_until: null }).execute();
  } finally {
    clearInterval(renew);
  }
}

/** Deletes expired files and their jobs. */
async function sweep(app: FastifyInstance): Promise<void> {
  const db = app.db as Db;
  const expired = await db.selectFrom('export_job').select(['id', 'file_key']).where('expires_at', '<', Date.now()).execute();
  for (const job of expired) if (job.file_key) await rm(fileOf(app, job.file_key), { force: true });
  if (expired.length) await db.deleteFrom('export_job').where('id', 'in', expired.map((j) => j.id)).execute();
}

/** The caller's own job, or 404 (another's job is not revealed to exist). */
async function ownJob(app: FastifyInstance, staff: StaffContext, id: number) {
  const job = await (app.db as Db).selectFrom('export_job').selectAll().where('id', '=', id).where('owner_id', '=', staff.id).executeTakeFirst();
  if (!job) throw notFound('导出文件不存在或已过期');
  return job;
}

const idBody = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;

/**
 * The download center's calls (mounted under /api/report/downloadCenter): the caller's exports
 * newest first, download of a finished file, delete, and regenerate (the same work queued again).
 */
export function downloadCenterRoutes(btnCode: string) {
  return async function plugin(app: FastifyInstance) {
    const db = app.db as Db;
    // Jobs left by an instance that stopped are claimed again once their claim lapses.
    let stopWriter: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopWriter = startWriter(app);
    });
    app.addHook('onClose', async () => {
      await stopWriter?.();
    });
    const config = { btnCode };

    app.get('/list', { config, schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } } }, async (request) => {
      await sweep(app);
      const rows = await db
        .selectFrom('export_job')
        .select(['id', 'title', 'source', 'status', 'progress', 'row_count', 'file_name', 'size', 'error', 'created_at', 'finished_at', 'expires_at'])
        .where('owner_id', '=', request.staff!.id)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return ok(rows);
    });

    app.get('/download', { config, schema: { querystring: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request, reply) => {
      const job = await ownJob(app, request.staff!, (request.query as { id: number }).id);
      if (job.status !== 'done' || !job.file_key) throw badRequest('文件尚未生成完成');
      if ((job.expires_at ?? 0) < Date.now()) throw notFound('导出文件不存在或已过期');
      return asAttachment(reply, XLSX_TYPE, job.file_name ?? 'export.xlsx').send(createReadStream(fileOf(app, job.file_key)));
    });

    app.post('/regenerate', { config, schema: { body: idBody } }, async (request) => {
      const staff = request.staff!;
      const job = await ownJob(app, staff, (request.body as { id: number }).id);
      const make = makers.get(app.server)?.get(job.source);
      if (!make) throw badRequest('该导出已不能重新生成');
      const id = await queueExport(app, staff, make(staff, JSON.parse(job.params)));
      return ok({ id }, '已重新加入导出队列');
    });

    app.post('/delete', { config, schema: { body: idBody } }, async (request) => {
      const job = await ownJob(app, request.staff!, (request.body as { id: number }).id);
      if (job.status === 'queued' || job.status === 'running') throw badRequest('文件正在生成，完成后才能删除');
      if (job.file_key) await rm(fileOf(app, job.file_key), { force: true });
      await db.deleteFrom('export_job').where('id', '=', job.id).execute();
      return ok(null, '已删除');
    });
  };
}
