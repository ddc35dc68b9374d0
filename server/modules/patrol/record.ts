import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound, ok } from '../../platform/http/envelope.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import type { DB } from '../../platform/db/index.ts';
import type { StaffContext } from '../../platform/types.ts';
import { EXPORT_LIMIT, STATUS_TEXT, dayProp, formatTime, idProp, inScope, isOwn, offsetOf, pageOf, pageProps, parseJsonList, projectFilter, scopeOf, type PageQuery, type PatrolScope, datedFileName } from './common.ts';
import { CODES } from './permissions.ts';
import { pointOfQr } from './point.ts';
import { sweepStatuses } from './schedule.ts';
import { standardsOf } from './standard.ts';
import { OPEN_STATES, findTask } from './task.ts';
import { contains } from '../../platform/db/textSearch.ts';
import { raiseOrder } from './recordOrder.ts';

/** One checked standard of a record, as stored (names kept as they were when checked). */
export interface RecordItem {
  standardId: number;
  standardName: string;
  result: 'pass' | 'fail';
  problemIds: number[];
  problems: string[];
  note: string | null;
  photos: string[];
  workOrderCode: string | null;
}

/** Photos are files of our own file service (its server-generated names). */
const photoProp = { type: 'array', maxItems: 9, uniqueItems: true, items: { type: 'string', pattern: '^/files/\\d{6}/[0-9a-f]{32}\\.[a-z0-9]{2,5}$' } };

const submitSchema = {
  type: 'object',
  required: ['taskId', 'qr', 'items'],
  additionalProperties: false,
  properties: {
    taskId: idProp,
    qr: { type: 'string', minLength: 1, maxLength: 200 },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['standardId', 'result'],
        additionalProperties: false,
        properties: {
          standardId: idProp,
          result: { type: 'string', enum: ['pass', 'fail'] },
          problemIds: { type: 'array', maxItems: 20, uniqueItems: true, items: idProp },
          note: { type: 'string', maxLength: 200 },
          photos: photoProp,
          createOrder: { type: 'boolean' },
        },
      },
    },
    photos: photoProp,
    remark: { type: 'string', maxLength: 500 },
  },
};

interface SubmitBody {
  taskId: number;
  qr: string;
  items: { standardId: number; result: 'pass' | 'fail'; problemIds?: number[]; note?: string; photos?: string[]; createOrder?: boolean }[];
  photos?: string[];
  remark?: string;
}

interface RecordFilter extends PageQuery {
  projectId?: number;
  taskId?: number;
  pointId?: number;
  pointName?: string;
  staffName?: string;
  result?: 'normal' | 'abnormal';
  handleStatus?: 'none' | 'pending' | 'handled';
  startDay?: string;
  endDay?: string;
}

const filterProps = {
  projectId: idProp,
  taskId: idProp,
  pointId: idProp,
  pointName: { type: 'string', maxLength: 50 },
  staffName: { type: 'string', maxLength: 20 },
  result: { type: 'string', enum: ['normal', 'abnormal'] },
  handleStatus: { type: 'string', enum: ['none', 'pending', 'handled'] },
  startDay: dayProp,
  endDay: dayProp,
};

export const HANDLE_TEXT: Record<string, string> = { none: '无问题', pending: '待处理', handled: '已处理' };

/** Whether the caller is the one to check in for this task: its executor, or a holder of its post while nobody has started it. */
async function mayDo(db: DB, staff: StaffContext, task: { executor_id: number | null; assignee_type: string; assignee_id: number }) {
  if (task.executor_id !== null) return isOwn(task.executor_id, staff.id);
  if (task.assignee_type !== 'post') return false;
  return Boolean(await db.selectFrom('staff_post').select('staff_id').where('staff_id', '=', staff.id).where('post_id', '=', task.assignee_id).executeTakeFirst());
}

const hhmm = (ms: number) => formatTime(ms).slice(11, 16);

/** Patrol records (spec 7.2 tbpRecord) and the staff app's check-in at a point. */
export default async function recordRoutes(app: FastifyInstance) {
  const db = app.db;

  /**
   * Records matching a filter, over tbp_record alone: conditions on a point, a staff member or
   * a task day are subqueries, so counting needs no joins (issue 11: 5,000,000 records).
   */
  function matching(f: RecordFilter, scope: PatrolScope) {
    const projects = f.projectId !== undefined ? projectFilter(scope, f.projectId) : null;
    let q = db.selectFrom('tbp_record as r').where(inScope(scope, 'r.project_id', 'r.staff_id'));
    if (projects) q = q.where('r.project_id', 'in', projects);
    if (f.taskId) q = q.where('r.task_id', '=', f.taskId);
    if (f.pointId) q = q.where('r.point_id', '=', f.pointId);
    const pointName = f.pointName?.trim();
    if (pointName) q = q.where('r.point_id', 'in', db.selectFrom('tbp_point as p').select('p.id').where((eb) => eb.or([contains('p.name', pointName), contains('p.code', pointName)])));
    const staffName = f.staffName?.trim();
    if (staffName) q = q.where('r.staff_id', 'in', db.selectFrom('staff').select('staff.id').where(contains('staff.name', staffName)));
    if (f.result) q = q.where('r.result', '=', f.result);
    if (f.handleStatus) q = q.where('r.handle_status', '=', f.handleStatus);
    if (f.startDay || f.endDay) {
      q = q.where(({ exists, selectFrom }) => {
        let day = selectFrom('tbp_task as day').select('day.id').whereRef('day.id', '=', 'r.task_id');
        if (f.startDay) day = day.where('day.task_day', '>=', f.startDay);
        if (f.endDay) day = day.where('day.task_day', '<=', f.endDay);
        return exists(day);
      });
    }
    return q;
  }

  function filtered(f: RecordFilter, scope: PatrolScope) {
    return withDetails(matching(f, scope));
  }

  /** Records with their task, point, project and staff member, as the screens show them. */
  function withDetails(records: ReturnType<typeof matching>) {
    const q = records
      .innerJoin('tbp_task as t', 't.id', 'r.task_id')
      .innerJoin('tbp_point as p', 'p.id', 'r.point_id')
      .innerJoin('org', 'org.id', 'r.project_id')
      .innerJoin('staff', 'staff.id', 'r.staff_id');
    return q.select([
      'r.id',
      'r.task_id as taskId',
      't.name as taskName',
      't.task_day as taskDay',
      't.window_end as windowEnd',
      'r.point_id as pointId',
      'p.code as pointCode',
      'p.name as pointName',
      'p.location',
      'r.project_id as projectId',
      'org.name as projectName',
      'r.staff_id as staffId',
      'staff.name as staffName',
      'r.checked_at as checkedAt',
      'r.result',
      'r.items',
      'r.problem_count as problemCount',
      'r.photos',
      'r.remark',
      'r.handle_status as handleStatus',
      'r.handle_note as handleNote',
      'r.handled_at as handledAt',
    ]);
  }

  /** A record as the screens read it: its items parsed, and every photo (record and items) in one list for the viewer. */
  const present = <T extends { items: string; photos: string; checkedAt: number; windowEnd: number }>(r: T) => {
    const items = parseJsonList<RecordItem>(r.items);
    const photos = [...parseJsonList<string>(r.photos), ...items.flatMap((i) => i.photos ?? [])];
    return { ...r, items, photos, onTime: r.checkedAt <= r.windowEnd };
  };

  app.get('/tbpRecord/findTaskRecords', { config: { btnCode: CODES.recordView }, schema: { querystring: { type: 'object', required: ['taskId'], additionalProperties: false, properties: { taskId: idProp } } } }, async (request) => {
    const { taskId } = request.query as { taskId: number };
    const scope = await scopeOf(db, request.staff!);
    const task = await findTask(db, scope, taskId);
    const records = await filtered({ taskId }, { all: true, projects: [], selfStaffId: null }).execute();
    const byPoint = new Map(records.map((r) => [r.pointId, present(r)]));
    const points = await db
      .selectFrom('tbp_task_point as tp')
      .innerJoin('tbp_point as p', 'p.id', 'tp.point_id')
      .innerJoin('tbp_classify as c', 'c.id', 'p.classify_id')
      .select(['p.id as pointId', 'p.code', 'p.name', 'p.location', 'c.name as classifyName', 'tp.sort'])
      .where('tp.task_id', '=', taskId)
      .orderBy('tp.sort')
      .execute();
    return ok({
      task: { id: task.id, name: task.name, taskDay: task.task_day, status: task.status, statusText: STATUS_TEXT[task.status], pointCount: task.point_count, doneCount: task.done_count, windowStart: task.window_start, windowEnd: task.window_end },
      points: points.map((p) => ({ ...p, record: byPoint.get(p.pointId) ?? null })),
    });
  });

  app.post('/tbpRecord/pageQueryPost', { config: { btnCode: CODES.recordView, listCache: true }, schema: { body: { type: 'object', additionalProperties: false, properties: { ...pageProps, ...filterProps } } } }, async (request) => {
    const f = (request.body ?? {}) as RecordFilter;
    const scope = await scopeOf(db, request.staff!);
    // The page's ids first, from tbp_record's own index in list order; then only they are joined.
    const page = matching(f, scope).select('r.id').orderBy('r.checked_at', 'desc').orderBy('r.id', 'desc').limit(f.pageSize ?? 10).offset(offsetOf(f));
    // The count and the page together: on PostgreSQL two connections, one wait instead of two.
    const [counted, rows] = await Promise.all([
      app.counts.of(db, matching(f, scope)),
      withDetails(db.selectFrom('tbp_record as r').where('r.id', 'in', page)).orderBy('r.checked_at', 'desc').orderBy('r.id', 'desc').execute(),
    ]);
    return ok({ ...pageOf(rows.map(present), counted.total, f), ...counted });
  });

  /** The back office marks a record's problems handled (or pending again) and corrects its remark. */
  app.post(
    '/tbpRecord/updateRecord',
    {
      config: { btnCode: CODES.recordHandle },
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: idProp, remark: { type: 'string', maxLength: 500 }, handleStatus: { type: 'string', enum: ['pending', 'handled'] }, handleNote: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request) => {
      const body = request.body as { id: number; remark?: string; handleStatus?: 'pending' | 'handled'; handleNote?: string };
      const scope = await scopeOf(db, request.staff!);
      const now = Date.now();
      await app.db.transaction().execute(async (trx) => {
        const record = await trx.selectFrom('tbp_record').selectAll().where('id', '=', body.id).executeTakeFirst();
        if (!record || !(scope.all || scope.projects.includes(record.project_id))) throw notFound('巡查记录不存在或已被删除');
        if (body.handleStatus && record.problem_count === 0) throw badRequest('该记录没有问题，无需处理');
        if (body.handleStatus === 'handled' && !body.handleNote?.trim()) throw badRequest('请填写处理说明');
        await trx
          .updateTable('tbp_record')
          .set({
            remark: body.remark === undefined ? record.remark : body.remark.trim() || null,
            ...(body.handleStatus
              ? { handle_status: body.handleStatus, handle_note: body.handleNote?.trim() || null, handled_by: body.handleStatus === 'handled' ? request.staff!.id : null, handled_at: body.handleStatus === 'handled' ? now : null }
              : {}),
            updated_at: now,
          })
          .where('id', '=', body.id)
          .execute();
      });
      return ok({ id: body.id }, '保存成功');
    },
  );

  app.post('/tbpRecord/export', { config: { btnCode: CODES.recordExport }, schema: { body: { type: 'object', additionalProperties: false, properties: filterProps } } }, async (request, reply) => {
    const f = (request.body ?? {}) as RecordFilter;
    const rows = await filtered(f, await scopeOf(db, request.staff!)).orderBy('r.checked_at', 'desc').limit(EXPORT_LIMIT).execute();
    return sendExcel(
      reply,
      datedFileName('巡查记录', 'xlsx'),
      [
        { header: '巡查时间', key: 'time', width: 20 },
        { header: '所属项目', key: 'projectName' },
        { header: '点位编码', key: 'pointCode' },
        { header: '点位名称', key: 'pointName', width: 24 },
        { header: '任务', key: 'taskName', width: 24 },
        { header: '巡查人', key: 'staffName' },
        { header: '结果', key: 'resultText' },
        { header: '按时', key: 'onTimeText' },
        { header: '问题', key: 'problems', width: 40 },
        { header: '处理状态', key: 'handleText' },
        { header: '照片数', key: 'photoCount' },
        { header: '备注', key: 'remark', width: 28 },
      ],
      rows.map(present).map((r) => ({
        ...r,
        time: formatTime(r.checkedAt),
        resultText: r.result === 'normal' ? '正常' : '异常',
        onTimeText: r.onTime ? '是' : '否',
        problems: r.items.filter((i) => i.result === 'fail').map((i) => `${i.standardName}：${[...i.problems, i.note].filter(Boolean).join('、')}`).join('；'),
        handleText: HANDLE_TEXT[r.handleStatus] ?? r.handleStatus,
        photoCount: r.photos.length,
      })),
    );
  });

  /**
   * The staff app at a point, step 1: what it scanned. Answers the point, what to check there,
   * and the caller's open tasks that include it. Documented in server/modules/patrol/README.md.
   */
  app.get('/pt/scan', { config: { anyStaff: true }, schema: { querystring: { type: 'object', required: ['qr'], additionalProperties: false, properties: { qr: { type: 'string', minLength: 1, maxLength: 200 } } } } }, async (request) => {
    const { qr } = request.query as { qr: string };
    const point = await pointOfQr(db, qr);
    await app.db.transaction().execute((trx) => sweepStatuses(trx, Date.now()));
    const tasks = await db
      .selectFrom('tbp_task_point as tp')
      .innerJoin('tbp_task as t', 't.id', 'tp.task_id')
      .select(['t.id', 't.name', 't.task_day as taskDay', 't.status', 't.window_start as windowStart', 't.window_end as windowEnd', 't.executor_id', 't.assignee_type', 't.assignee_id'])
      .select((eb) => eb.selectFrom('tbp_record').select('tbp_record.id').whereRef('tbp_record.task_id', '=', 't.id').where('tbp_record.point_id', '=', point.id).as('recordId'))
      .where('tp.point_id', '=', point.id)
      .where('t.status', 'in', OPEN_STATES)
      .where('t.deleted_at', 'is', null)
      .execute();
    const mine = [];
    for (const t of tasks) if (await mayDo(db, request.staff!, t)) mine.push({ id: t.id, name: t.name, taskDay: t.taskDay, status: t.status, statusText: STATUS_TEXT[t.status], windowStart: t.windowStart, windowEnd: t.windowEnd, checked: t.recordId !== null });
    const project = await db.selectFrom('org').select('name').where('id', '=', point.project_id).executeTakeFirstOrThrow();
    return ok({ point: { id: point.id, code: point.code, name: point.name, location: point.location, projectName: project.name }, standards: await standardsOf(db, point.classify_id), tasks: mine });
  });

  /**
   * The staff app at a point, step 2: the check-in. The QR text must be one this service signed,
   * the caller must be the task's executor (or hold its post), the task open and its window
   * started, the point one of the task's and not checked yet (in order when the plan says so),
   * every standard of the point's category answered, and photos taken where a standard asks.
   */
  app.post('/tbpRecord/submit', { config: { anyStaff: true }, schema: { body: submitSchema } }, async (request) => {
    const body = request.body as SubmitBody;
    const staff = request.staff!;
    const point = await pointOfQr(db, body.qr);
    const now = Date.now();
    const result = await app.db.transaction().execute(async (trx) => {
      await sweepStatuses(trx, now);
      const task = await trx.selectFrom('tbp_task').selectAll().where('id', '=', body.taskId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!task) throw notFound('巡查任务不存在或已被删除');
      if (!(await mayDo(trx, staff, task))) throw forbidden('这不是您的巡查任务');
      if (!OPEN_STATES.includes(task.status)) throw conflict(`任务${STATUS_TEXT[task.status]}，不能再提交巡查记录`);
      if (now < task.window_start) throw badRequest(`任务尚未开始，请在 ${hhmm(task.window_start)} 后巡查`);
      const taskPoints = await trx.selectFrom('tbp_task_point').select(['point_id', 'sort']).where('task_id', '=', task.id).orderBy('sort').execute();
      const mine = taskPoints.find((p) => p.point_id === point.id);
      if (!mine) throw badRequest('该点位不在本次巡查任务中');
      const done = new Set((await trx.selectFrom('tbp_record').select('point_id').where('task_id', '=', task.id).execute()).map((r) => r.point_id));
      if (done.has(point.id)) throw conflict('该点位已巡查，不能重复提交');
      const plan = await trx.selectFrom('tbp_plan').select(['ordered']).where('id', '=', task.plan_id).executeTakeFirstOrThrow();
      if (plan.ordered) {
        const before = taskPoints.find((p) => p.sort < mine.sort && !done.has(p.point_id));
        if (before) {
          const name = (await trx.selectFrom('tbp_point').select('name').where('id', '=', before.point_id).executeTakeFirstOrThrow()).name;
          throw badRequest(`请按顺序巡查，先巡查「${name}」`);
        }
      }

      const standards = await standardsOf(trx, point.classify_id);
      const given = new Map(body.items.map((i) => [i.standardId, i]));
      if (given.size !== body.items.length) throw badRequest('检查结果中有重复的标准');
      for (const id of given.keys()) if (!standards.some((s) => s.id === id)) throw badRequest('检查结果中有不属于该点位的标准');
      const photos = body.photos ?? [];
      const items: RecordItem[] = [];
      const orders: { item: RecordItem; serious: boolean }[] = [];
      for (const s of standards) {
        const answer = given.get(s.id);
        if (!answer) throw badRequest(`请填写「${s.name}」的检查结果`);
        const chosen = (answer.problemIds ?? []).map((id) => s.problems.find((p) => p.id === id));
        if (chosen.some((p) => !p)) throw badRequest(`「${s.name}」的问题选择不正确`);
        if (answer.result === 'pass' && chosen.length) throw badRequest(`「${s.name}」合格时不能选择问题`);
        if (answer.result === 'fail' && !chosen.length && !answer.note?.trim()) throw badRequest(`「${s.name}」不合格，请选择问题或填写说明`);
        if (s.needPhoto && !(answer.photos ?? []).length) throw badRequest(`「${s.name}」需要拍照`);
        const item: RecordItem = {
          standardId: s.id,
          standardName: s.name,
          result: answer.result,
          problemIds: chosen.map((p) => p!.id),
          problems: chosen.map((p) => p!.description),
          note: answer.note?.trim() || null,
          photos: answer.photos ?? [],
          workOrderCode: null,
        };
        items.push(item);
        if (answer.createOrder && answer.result === 'fail') orders.push({ item, serious: chosen.some((p) => p!.level === 'serious') });
      }
      const allPhotos = [...new Set([...photos, ...items.flatMap((i) => i.photos)])];
      if (allPhotos.length) {
        const stored = await trx.selectFrom('file_object').select('stored_path').where('stored_path', 'in', allPhotos.map((u) => u.slice('/files/'.length))).execute();
        if (stored.length !== allPhotos.length) throw badRequest('照片不存在，请重新上传');
      }

      const failed = items.filter((i) => i.result === 'fail').length;
      const inserted = await trx
        .insertInto('tbp_record')
        .values({
          task_id: task.id,
          point_id: point.id,
          plan_id: task.plan_id,
          project_id: task.project_id,
          staff_id: staff.id,
          checked_at: now,
          result: failed ? 'abnormal' : 'normal',
          items: '[]',
          problem_count: failed,
          photos: JSON.stringify(photos),
          remark: body.remark?.trim() || null,
          handle_status: failed ? 'pending' : 'none',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      // A problem the inspector cannot fix on the spot becomes a repair work order (a question task).
      const codes: string[] = [];
      for (const { item, serious } of orders) {
        const { code } = await raiseOrder(app, trx, staff, { recordId: inserted.id, task, point, item, serious });
        item.workOrderCode = code;
        codes.push(code);
      }
      await trx.updateTable('tbp_record').set({ items: JSON.stringify(items) }).where('id', '=', inserted.id).execute();

      const doneCount = task.done_count + 1;
      const finished = doneCount >= task.point_count;
      const status = finished ? 'finished' : task.status === 'not_started' ? 'in_progress' : task.status;
      await trx
        .updateTable('tbp_task')
        .set({
          done_count: doneCount,
          problem_count: task.problem_count + failed,
          executor_id: task.executor_id ?? staff.id,
          started_at: task.started_at ?? now,
          status,
          ...(finished ? { finished_at: now, finish_type: 'complete' } : {}),
          updated_at: now,
        })
        .where('id', '=', task.id)
        .execute();
      await trx
        .insertInto('tbp_task_log')
        .values({ task_id: task.id, action: 'record', note: `巡查「${point.name}」${failed ? `，发现 ${failed} 项问题` : '，正常'}`, from_staff_id: null, to_staff_id: null, staff_id: staff.id, staff_name: staff.name, at: now })
        .execute();
      return { recordId: inserted.id, task: { id: task.id, status, statusText: STATUS_TEXT[status], doneCount, pointCount: task.point_count }, workOrders: codes };
    });
    return ok(result, result.task.status === 'finished' ? '打卡成功，任务已完成' : '打卡成功');
  });
}

