import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import type { DB } from '../../platform/db/index.ts';
import { EXPORT_LIMIT, assertProject, dayProp, dayRange, formatTime, idProp, offsetOf, pageOf, pageProps, parseJsonList, scopeOf, STATUS_TEXT, type PageQuery, type PatrolScope, datedFileName, countRows } from './common.ts';
import { visiblePoints } from './pointQuery.ts';
import { CODES } from './permissions.ts';
import { labelPoints, labelsPdf, markPrinted, sendPdf, verifyQrContent } from './qr.ts';
import { contains } from '../../platform/db/textSearch.ts';

interface PointFilter extends PageQuery {
  projectId?: number;
  classifyId?: number;
  keyword?: string;
  enabled?: 0 | 1;
}

const filterProps = { projectId: idProp, classifyId: idProp, keyword: { type: 'string', maxLength: 50 }, enabled: { enum: [0, 1] } };
const editable = {
  classifyId: idProp,
  name: { type: 'string', minLength: 1, maxLength: 50 },
  location: { type: 'string', minLength: 1, maxLength: 100 },
  remark: { type: 'string', maxLength: 200 },
  enabled: { enum: [0, 1] },
};

async function checkName(db: DB, projectId: number, name: string, exceptId: number | null) {
  let q = db.selectFrom('tbp_point').select('id').where('project_id', '=', projectId).where('name', '=', name).where('deleted_at', 'is', null);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict(`该项目下已有巡查点位「${name}」`);
}

async function checkClassify(db: DB, classifyId: number) {
  if (!(await db.selectFrom('tbp_classify').select('id').where('id', '=', classifyId).executeTakeFirst())) throw badRequest('点位分类不存在或已被删除');
}

/** A point visible to the caller and not deleted. */
export async function findPoint(db: DB, scope: PatrolScope, id: number) {
  const row = await db.selectFrom('tbp_point').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row || (!scope.all && !scope.projects.includes(row.project_id))) throw notFound('巡查点位不存在或已被删除');
  return row;
}

/** Patrol points (spec 7.2 pt, newPt): places with a category, a location and a QR label. */
export default async function pointRoutes(app: FastifyInstance) {
  const db = app.db;

  async function filtered(f: PointFilter, scope: PatrolScope) {
    let q = await visiblePoints(db, scope, f);
    if (f.keyword?.trim()) {
      const keyword = f.keyword.trim();
      q = q.where((eb) => eb.or(['p.name', 'p.code', 'p.location'].map((c) => contains(c, keyword))));
    }
    if (f.enabled === 0 || f.enabled === 1) q = q.where('p.enabled', '=', f.enabled);
    return q;
  }

  const columns = [
    'p.id',
    'p.code',
    'p.name',
    'p.location',
    'p.remark',
    'p.enabled',
    'p.project_id as projectId',
    'org.name as projectName',
    'p.classify_id as classifyId',
    'c.name as classifyName',
    'p.created_at as createdAt',
  ] as const;

  app.post('/pt/query', { config: { btnCode: CODES.pointView }, schema: { body: { type: 'object', additionalProperties: false, properties: { ...pageProps, ...filterProps } } } }, async (request) => {
    const f = (request.body ?? {}) as PointFilter;
    const q = await filtered(f, await scopeOf(db, request.staff!));
    const total = await countRows(q);
    const records = await q
      .select(columns)
      .select((eb) => [
        eb.selectFrom('tbp_plan_point').select((s) => s.fn.countAll<number>().as('n')).whereRef('tbp_plan_point.point_id', '=', 'p.id').as('planCount'),
        eb.selectFrom('tbp_record').select((s) => s.fn.max('checked_at').as('t')).whereRef('tbp_record.point_id', '=', 'p.id').as('lastCheckedAt'),
      ])
      .orderBy('p.project_id')
      .orderBy('p.code')
      .limit(f.pageSize ?? 10)
      .offset(offsetOf(f))
      .execute();
    return ok(pageOf(records, total, f));
  });

  /** Enabled points of one project, for choosing the points of a plan. */
  app.post(
    '/newPt/listPage',
    { config: { btnCode: CODES.pointPick }, schema: { body: { type: 'object', required: ['projectId'], additionalProperties: false, properties: { ...pageProps, ...filterProps } } } },
    async (request) => {
      const f = (request.body ?? {}) as PointFilter;
      const q = (await filtered(f, await scopeOf(db, request.staff!))).where('p.enabled', '=', 1);
      const total = await countRows(q);
      const records = await q
        .select(['p.id', 'p.code', 'p.name', 'p.location', 'c.name as classifyName', 'org.name as projectName'])
        .orderBy('c.sort')
        .orderBy('p.code')
        .limit(f.pageSize ?? 10)
        .offset(offsetOf(f))
        .execute();
      return ok(pageOf(records, total, f));
    },
  );

  app.post(
    '/pt/add',
    {
      config: { btnCode: CODES.pointAdd },
      schema: { body: { type: 'object', required: ['projectId', 'classifyId', 'name', 'location'], additionalProperties: false, properties: { projectId: idProp, ...editable } } },
    },
    async (request) => {
      const body = request.body as { projectId: number; classifyId: number; name: string; location: string; remark?: string; enabled?: 0 | 1 };
      const scope = await scopeOf(db, request.staff!);
      assertProject(scope, body.projectId);
      const name = body.name.trim();
      const location = body.location.trim();
      if (!name) throw badRequest('请填写点位名称');
      if (!location) throw badRequest('请填写点位位置');
      const now = Date.now();
      const id = await app.db.transaction().execute(async (trx) => {
        const project = await trx.selectFrom('org').select('id').where('id', '=', body.projectId).where('type', '=', 'project').executeTakeFirst();
        if (!project) throw badRequest('项目不存在');
        await checkClassify(trx, body.classifyId);
        await checkName(trx, body.projectId, name, null);
        const inserted = await trx
          .insertInto('tbp_point')
          .values({
            project_id: body.projectId,
            classify_id: body.classifyId,
            code: `new-${now}-${Math.random()}`,
            name,
            location,
            remark: body.remark?.trim() || null,
            enabled: body.enabled ?? 1,
            qr_print_count: 0,
            created_by: request.staff!.id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The code printed on the label: XJ and the point's number, never reused.
        await trx.updateTable('tbp_point').set({ code: pointCode(inserted.id) }).where('id', '=', inserted.id).execute();
        return inserted.id;
      });
      return ok({ id, code: pointCode(id) }, '新增成功');
    },
  );

  app.post(
    '/pt/update',
    { config: { btnCode: CODES.pointEdit }, schema: { body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idProp, ...editable } } } },
    async (request) => {
      const body = request.body as { id: number; classifyId?: number; name?: string; location?: string; remark?: string; enabled?: 0 | 1 };
      const scope = await scopeOf(db, request.staff!);
      await app.db.transaction().execute(async (trx) => {
        const current = await findPoint(trx, scope, body.id);
        const name = body.name?.trim() ?? current.name;
        const location = body.location?.trim() ?? current.location;
        if (!name) throw badRequest('请填写点位名称');
        if (!location) throw badRequest('请填写点位位置');
        if (body.classifyId) await checkClassify(trx, body.classifyId);
        await checkName(trx, current.project_id, name, current.id);
        await trx
          .updateTable('tbp_point')
          .set({
            name,
            location,
            classify_id: body.classifyId ?? current.classify_id,
            remark: body.remark === undefined ? current.remark : body.remark.trim() || null,
            enabled: body.enabled ?? current.enabled,
            updated_at: Date.now(),
          })
          .where('id', '=', body.id)
          .execute();
      });
      return ok({ id: body.id }, '保存成功');
    },
  );

  app.post(
    '/pt/deleteBatch',
    {
      config: { btnCode: CODES.pointDelete },
      schema: { body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: idProp } } } },
    },
    async (request) => {
      const { ids } = request.body as { ids: number[] };
      const scope = await scopeOf(db, request.staff!);
      await app.db.transaction().execute(async (trx) => {
        for (const id of ids) await findPoint(trx, scope, id);
        const used = await trx
          .selectFrom('tbp_plan_point')
          .innerJoin('tbp_point', 'tbp_point.id', 'tbp_plan_point.point_id')
          .innerJoin('tbp_plan', 'tbp_plan.id', 'tbp_plan_point.plan_id')
          .select(['tbp_point.name as point', 'tbp_plan.name as plan'])
          .where('tbp_plan_point.point_id', 'in', ids)
          .executeTakeFirst();
        if (used) throw conflict(`点位「${used.point}」在巡查计划「${used.plan}」中，请先从计划中移除`);
        // Deleted points stay in the table: their records and printed codes still name them.
        await trx.updateTable('tbp_point').set({ deleted_at: Date.now(), enabled: 0, updated_at: Date.now() }).where('id', 'in', ids).execute();
      });
      return ok({ count: ids.length }, '删除成功');
    },
  );

  app.post('/pt/exportPtExcelByParam', { config: { btnCode: CODES.pointExport }, schema: { body: { type: 'object', additionalProperties: false, properties: filterProps } } }, async (request, reply) => {
    const f = (request.body ?? {}) as PointFilter;
    const rows = await (await filtered(f, await scopeOf(db, request.staff!))).select(columns).orderBy('p.project_id').orderBy('p.code').limit(EXPORT_LIMIT).execute();
    return sendExcel(
      reply,
      datedFileName('巡查点位', 'xlsx'),
      [
        { header: '点位编码', key: 'code' },
        { header: '点位名称', key: 'name', width: 24 },
        { header: '所属项目', key: 'projectName' },
        { header: '点位分类', key: 'classifyName' },
        { header: '位置', key: 'location', width: 28 },
        { header: '状态', key: 'state' },
        { header: '备注', key: 'remark', width: 28 },
        { header: '创建时间', key: 'created', width: 20 },
      ],
      rows.map((r) => ({ ...r, state: r.enabled ? '启用' : '停用', created: formatTime(r.createdAt) })),
    );
  });

  app.get('/pt/queryPtByPlan', { config: { btnCode: CODES.planPoints }, schema: { querystring: { type: 'object', required: ['planId'], additionalProperties: false, properties: { planId: idProp } } } }, async (request) => {
    const { planId } = request.query as { planId: number };
    const plan = await db.selectFrom('tbp_plan').select(['project_id']).where('id', '=', planId).executeTakeFirst();
    const scope = await scopeOf(db, request.staff!);
    if (!plan || (!scope.all && !scope.projects.includes(plan.project_id))) throw notFound('巡查计划不存在或已被删除');
    const rows = await db
      .selectFrom('tbp_plan_point as pp')
      .innerJoin('tbp_point as p', 'p.id', 'pp.point_id')
      .innerJoin('tbp_classify as c', 'c.id', 'p.classify_id')
      .select(['p.id', 'p.code', 'p.name', 'p.location', 'p.enabled', 'c.name as classifyName', 'pp.sort'])
      .select((eb) => eb.selectFrom('tbp_standard').select((s) => s.fn.countAll<number>().as('n')).whereRef('tbp_standard.classify_id', '=', 'p.classify_id').as('standardCount'))
      .where('pp.plan_id', '=', planId)
      .orderBy('pp.sort')
      .execute();
    return ok(rows);
  });

  app.post(
    '/pt/downloadPtListQr',
    {
      config: { btnCode: CODES.qrPrint },
      schema: { body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: idProp } } } },
    },
    async (request, reply) => {
      const { ids } = request.body as { ids: number[] };
      const points = await labelPoints(db, await scopeOf(db, request.staff!), ids);
      const pdf = await labelsPdf(db, points, '巡查点位二维码');
      await markPrinted(db, ids);
      return sendPdf(reply, datedFileName('巡查点位二维码', 'pdf'), pdf);
    },
  );

  app.post(
    '/pt/exportPtPatrolRecordExcel',
    {
      config: { btnCode: CODES.pointRecords },
      schema: { body: { type: 'object', required: ['ptId'], additionalProperties: false, properties: { ptId: idProp, startDay: dayProp, endDay: dayProp } } },
    },
    async (request, reply) => {
      const { ptId, startDay, endDay } = request.body as { ptId: number; startDay?: string; endDay?: string };
      const scope = await scopeOf(db, request.staff!);
      const point = await db.selectFrom('tbp_point').select(['id', 'name', 'code', 'project_id']).where('id', '=', ptId).executeTakeFirst();
      if (!point || (!scope.all && !scope.projects.includes(point.project_id))) throw notFound('巡查点位不存在或已被删除');
      const [from, to] = dayRange(startDay, endDay);
      const rows = await db
        .selectFrom('tbp_record as r')
        .innerJoin('tbp_task as t', 't.id', 'r.task_id')
        .innerJoin('staff', 'staff.id', 'r.staff_id')
        .select(['r.checked_at', 'r.result', 'r.problem_count', 'r.items', 'r.remark', 'r.handle_status', 't.name as taskName', 't.task_day', 't.status', 'staff.name as staffName'])
        .where('r.point_id', '=', ptId)
        .where('t.task_day', '>=', from)
        .where('t.task_day', '<=', to)
        .orderBy('r.checked_at', 'desc')
        .limit(EXPORT_LIMIT)
        .execute();
      return sendExcel(
        reply,
        `${point.name}_巡查记录_${from}_${to}.xlsx`,
        [
          { header: '巡查时间', key: 'time', width: 20 },
          { header: '任务', key: 'taskName', width: 24 },
          { header: '任务日期', key: 'task_day' },
          { header: '任务状态', key: 'statusText' },
          { header: '巡查人', key: 'staffName' },
          { header: '结果', key: 'resultText' },
          { header: '问题数', key: 'problem_count' },
          { header: '问题', key: 'problems', width: 40 },
          { header: '备注', key: 'remark', width: 28 },
        ],
        rows.map((r) => ({
          ...r,
          time: formatTime(r.checked_at),
          statusText: STATUS_TEXT[r.status] ?? r.status,
          resultText: r.result === 'normal' ? '正常' : '异常',
          problems: parseJsonList<{ standardName: string; problems: string[] }>(r.items)
            .filter((i) => i.problems?.length)
            .map((i) => `${i.standardName}：${i.problems.join('、')}`)
            .join('；'),
        })),
      );
    },
  );
}

export const pointCode = (id: number) => `XJ${String(id).padStart(6, '0')}`;

/** The point a scanned QR code names, when the code is genuine: the mobile app's first step at a point. */
export async function pointOfQr(db: DB, qr: string) {
  const code = await verifyQrContent(db, qr);
  if (!code) throw badRequest('二维码无效，请扫描本系统打印的巡查点位二维码');
  const point = await db.selectFrom('tbp_point').selectAll().where('code', '=', code).executeTakeFirst();
  if (!point || point.deleted_at !== null) throw notFound('该二维码对应的巡查点位已被删除');
  return point;
}

