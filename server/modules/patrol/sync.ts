import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../platform/http/envelope.ts';
import { formatTime, idProp, offsetOf, pageOf, pageProps, scopeOf, NONE, countRows } from './common.ts';
import { CODES } from './permissions.ts';

/**
 * Task-sync calls of spec 7.3 (mkf): the question tasks (work orders) that patrol screens show
 * beside records. findQuestionTaskList is form-encoded in two variants: by `taskCodes`
 * (comma-separated codes, e.g. the codes a record's problems raised), or a page of a project's
 * question tasks changed since `updatedAfter`; getTaskListForPt gives those raised at a point,
 * in a task or by one record.
 */
export default async function taskSyncRoutes(app: FastifyInstance) {
  const db = app.db;
  // The states of the work order lifecycle, as schemas/workorder/resources/work_order.json names them.
  const ORDER_STATUS_TEXT: Record<string, string> = Object.fromEntries(Object.entries(app.catalogue.resources.get('work_order')?.workflow?.states ?? {}).map(([k, v]) => [k, v.text]));

  const orders = () =>
    db
      .selectFrom('work_order as w')
      .innerJoin('org', 'org.id', 'w.project_id')
      .leftJoin('staff as processor', 'processor.id', 'w.processor_id')
      .select(['w.id', 'w.code', 'w.title', 'w.content', 'w.kind', 'w.status', 'w.priority', 'w.source', 'w.project_id as projectId', 'org.name as projectName', 'processor.name as processorName', 'w.created_at as createdAt', 'w.updated_at as updatedAt', 'w.finished_at as finishedAt']);
  const present = <T extends { status: string; createdAt: number }>(r: T) => ({ ...r, statusText: ORDER_STATUS_TEXT[r.status] ?? r.status, createdText: formatTime(r.createdAt) });

  app.post(
    '/rest/syncTaskInfo/findQuestionTaskList',
    {
      config: { btnCode: CODES.recordView },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageProps,
            taskCodes: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$' },
            projectId: idProp,
            status: { type: 'string', enum: Object.keys(ORDER_STATUS_TEXT) },
            updatedAfter: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
    async (request) => {
      const q = (request.body ?? {}) as { pageNum?: number; pageSize?: number; taskCodes?: string; projectId?: number; status?: string; updatedAfter?: number };
      const scope = await scopeOf(db, request.staff!);
      let base = orders();
      if (!scope.all) base = base.where((eb) => (scope.projects.length ? eb('w.project_id', 'in', scope.projects) : NONE));
      if (q.taskCodes) {
        const codes = [...new Set(q.taskCodes.split(','))].slice(0, 200);
        const rows = await base.where('w.code', 'in', codes).orderBy('w.id').execute();
        return ok(pageOf(rows.map(present), rows.length, { pageNum: 1, pageSize: Math.max(rows.length, 1) }));
      }
      if (!q.projectId) throw badRequest('请提供 taskCodes，或 projectId 查询项目的工单');
      if (!scope.all && !scope.projects.includes(q.projectId)) return ok(pageOf([], 0, q));
      base = base.where('w.project_id', '=', q.projectId);
      if (q.status) base = base.where('w.status', '=', q.status);
      if (q.updatedAfter !== undefined) base = base.where('w.updated_at', '>', q.updatedAfter);
      const total = await countRows(base);
      const rows = await base.orderBy('w.updated_at', 'desc').orderBy('w.id', 'desc').limit(q.pageSize ?? 10).offset(offsetOf(q)).execute();
      return ok(pageOf(rows.map(present), total, q));
    },
  );

  app.post(
    '/rest/syncTaskInfo/getTaskListForPt',
    { config: { btnCode: CODES.recordView }, schema: { body: { type: 'object', additionalProperties: false, properties: { ptId: idProp, taskId: idProp, recordId: idProp } } } },
    async (request) => {
      const { ptId, taskId, recordId } = (request.body ?? {}) as { ptId?: number; taskId?: number; recordId?: number };
      if (!ptId && !taskId && !recordId) throw badRequest('请提供点位 ptId、任务 taskId 或记录 recordId');
      const scope = await scopeOf(db, request.staff!);
      let q = orders()
        .innerJoin('tbp_record_order as ro', 'ro.work_order_id', 'w.id')
        .innerJoin('tbp_point as p', 'p.id', 'ro.point_id')
        .select(['ro.record_id as recordId', 'ro.task_id as taskId', 'ro.point_id as pointId', 'p.name as pointName']);
      if (!scope.all) q = q.where((eb) => (scope.projects.length ? eb('w.project_id', 'in', scope.projects) : NONE));
      if (ptId) q = q.where('ro.point_id', '=', ptId);
      if (taskId) q = q.where('ro.task_id', '=', taskId);
      if (recordId) q = q.where('ro.record_id', '=', recordId);
      return ok((await q.orderBy('w.id', 'desc').limit(500).execute()).map(present));
    },
  );
}
