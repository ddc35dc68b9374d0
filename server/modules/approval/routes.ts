import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../platform/http/envelope.ts';
import { scopeRows, visibleProjectIds } from '../../engine/scope.ts';
import { approvalInstanceHooks, approvalTaskHooks } from './hooks.ts';
import { OPTION_LIST_QUERY } from '../../platform/http/inputSchemas.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import type { StaffContext } from '../../platform/types.ts';

const idBody = (extra: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  required: ['id', ...required],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1 }, comment: { type: ['string', 'null'], maxLength: 500 }, ...extra },
});
const idQuery = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } };
const FLOW_EDIT = ['approvalflow:add', 'approvalflow:edit'];

/**
 * The approval center's calls (service approve): the acts on a task (approve, reject, decide,
 * transfer) and on one's own submission (withdraw, urge), one approval as its participants see
 * it, the to-dos and counts per kind, and the choices of the flow screen. The lists are the
 * resources approval_task and approval_instance. Every act is one transaction.
 */
export default async function approvalRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  const comment = (value: string | null | undefined) => value?.trim() || null;
  // Step timeouts (remind, auto-approve, auto-reject) run on the workflow timers' clock.
  app.workflowTimers.add((now) => app.approvals.sweepTimeouts(db, now));
  app.workflowTimers.add(() => app.approvals.sweepOrphans(db));

  app.post('/task/approve', { config: { btnCode: 'approval:approve' }, schema: { body: idBody() } }, async (request) => {
    const body = request.body as { id: number; comment?: string };
    const done = await db.transaction().execute((trx) => app.approvals.approve(trx, body.id, request.staff!, comment(body.comment)));
    return ok(done, '审批通过');
  });

  app.post('/task/reject', { config: { btnCode: 'approval:approve' }, schema: { body: idBody() } }, async (request) => {
    const body = request.body as { id: number; comment?: string };
    const done = await db.transaction().execute((trx) => app.approvals.reject(trx, body.id, request.staff!, comment(body.comment)));
    return ok(done, '已驳回');
  });

  // The approval drawer's one submit: 通过 or 驳回 with the comment.
  app.post('/task/decide', { config: { btnCode: 'approval:approve' }, schema: { body: idBody({ decision: { enum: ['approve', 'reject'] } }, ['decision']) } }, async (request) => {
    const body = request.body as { id: number; decision: 'approve' | 'reject'; comment?: string };
    const done = await db.transaction().execute((trx) =>
      body.decision === 'approve' ? app.approvals.approve(trx, body.id, request.staff!, comment(body.comment)) : app.approvals.reject(trx, body.id, request.staff!, comment(body.comment)),
    );
    return ok(done, body.decision === 'approve' ? '审批通过' : '已驳回');
  });

  // 批量通过: each task in its own transaction; the ones refused are named with the reason.
  app.post(
    '/task/batchApprove',
    { config: { btnCode: 'approval:approve' }, schema: { body: { type: 'object', required: ['ids'], additionalProperties: false, properties: { ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'integer', minimum: 1 } } } } } },
    async (request) => {
      const { ids } = request.body as { ids: number[] };
      let approved = 0;
      const failed: string[] = [];
      for (const id of ids) {
        try {
          await db.transaction().execute((trx) => app.approvals.approve(trx, id, request.staff!, null));
          approved += 1;
        } catch (error) {
          failed.push((error as Error).message);
        }
      }
      return ok({ approved, failed }, failed.length ? `已通过 ${approved} 条，${failed.length} 条未通过：${[...new Set(failed)].join('；')}` : `已通过 ${approved} 条`);
    },
  );

  app.post('/task/transfer', { config: { btnCode: 'approval:transfer' }, schema: { body: idBody({ to: { type: 'integer', minimum: 1 } }, ['to']) } }, async (request) => {
    const body = request.body as { id: number; to: number; comment?: string };
    await db.transaction().execute((trx) => app.approvals.transfer(trx, body.id, request.staff!, body.to, comment(body.comment)));
    return ok({ id: body.id }, '转派成功');
  });

  app.post('/instance/withdraw', { config: { btnCode: 'approval:view' }, schema: { body: idBody() } }, async (request) => {
    const body = request.body as { id: number; comment?: string };
    await db.transaction().execute((trx) => app.approvals.withdraw(trx, body.id, request.staff!, comment(body.comment)));
    return ok({ id: body.id }, '已撤回');
  });

  app.post('/instance/urge', { config: { btnCode: 'approval:view' }, schema: { body: idQuery } }, async (request) => {
    const { id } = request.body as { id: number };
    const notified = await db.transaction().execute((trx) => app.approvals.urge(trx, id, request.staff!));
    return ok({ id, notified }, '催办成功');
  });

  const canSee = (staff: StaffContext) => async (projectId: number) => (await visibleProjectIds(app.db, staff)).includes(projectId);

  app.get('/instance/view', { config: { btnCode: 'approval:view' }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: number };
    return ok(await app.approvals.view(db, id, request.staff!, canSee(request.staff!)));
  });

  // The sections of the approval's detail page: the record as submitted, the tasks, the history.
  for (const [path, part] of [['/instance/snapshot', 'snapshot'], ['/instance/tasks', 'tasks'], ['/instance/history', 'history']] as const) {
    app.get(path, { config: { btnCode: 'approval:view' }, schema: { querystring: idQuery } }, async (request) => {
      const { id } = request.query as { id: number };
      return ok((await app.approvals.view(db, id, request.staff!, canSee(request.staff!)))[part]);
    });
  }

  // The approval drawer's load: the task's approval, under the task's id.
  app.get('/task/view', { config: { btnCode: 'approval:view' }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: number };
    const staff = request.staff!;
    const task = (await db.selectFrom('approval_task').select(['instance_id', 'approver_id']).where('id', '=', id).executeTakeFirst()) as { instance_id: number; approver_id: number } | undefined;
    const view = await app.approvals.view(db, task?.instance_id ?? 0, staff, canSee(staff));
    const lines = (view.snapshot as { label: string; value: string }[]).map((i) => `${i.label}：${i.value}`).join('；');
    return ok({ ...view, id, instance_id: task!.instance_id, snapshot_text: lines, decision: 'approve', comment: '' });
  });

  /** Waiting tasks of the caller by kind (the spec's "count" calls). */
  async function waitingByKind(staffId: number) {
    const rows = (await db
      .selectFrom('approval_task')
      .select(['biz_type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('approver_id', '=', staffId)
      .where('status', '=', 'wait')
      .groupBy('biz_type')
      .execute()) as { biz_type: string; n: number }[];
    return app.approvals.kinds().map((k) => ({ kind: k.kind, label: k.label, count: Number(rows.find((r) => r.biz_type === k.kind)?.n ?? 0) }));
  }

  /**
   * The rows of one tab of the center, counted as its list counts them: the data scope
   * (scopeRows, with the resource's own and mine rows) and then the tab's view.
   */
  async function tabCount(staff: StaffContext, table: 'approval_task' | 'approval_instance', view: string, kind?: string): Promise<number> {
    const hooks = table === 'approval_task' ? approvalTaskHooks : approvalInstanceHooks;
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (kind) query = query.where(`${table}.biz_type`, '=', kind);
    query = await scopeRows({ db, staff, hooks }, { name: table, scope: 'project' }, query);
    query = await hooks.listFilter!({ db, staff, query, filters: { view } });
    return Number(((await query.executeTakeFirstOrThrow()) as { n: number }).n);
  }

  /**
   * The center's count per tab (待我审批 waiting, 我已审批, 我提交的, 抄送我的, and 全部 only with
   * approval:all, null otherwise) and the waiting tasks per kind (the spec's "count" calls);
   * `kind` narrows the tabs to one kind's approval page.
   */
  app.get(
    '/counts',
    { config: { btnCode: 'approval:view' }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { kind: { type: 'string', maxLength: 40 } } } } },
    async (request) => {
      const staff = request.staff!;
      const { kind } = request.query as { kind?: string };
      if (kind !== undefined && !app.approvals.kinds().some((k) => k.kind === kind)) throw badRequest(`审批类型「${kind}」不存在`);
      const kinds = await waitingByKind(staff.id);
      const submitted = (await db.selectFrom('approval_instance').select((eb) => eb.fn.countAll<number>().as('n')).where('submitter_id', '=', staff.id).where('status', '=', 'running').executeTakeFirstOrThrow()) as { n: number };
      const tabs = {
        todo: await tabCount(staff, 'approval_task', 'todo', kind),
        done: await tabCount(staff, 'approval_task', 'done', kind),
        mine: await tabCount(staff, 'approval_instance', 'mine', kind),
        copied: await tabCount(staff, 'approval_instance', 'copied', kind),
        all: staff.buttons.has('approval:all') ? await tabCount(staff, 'approval_instance', 'all', kind) : null,
      };
      return ok({ ...tabs, submittedRunning: Number(submitted.n), kinds });
    },
  );

  // The landing page's to-do 待审批 (only for those who may open the approval center).
  app.get('/todo', { config: { anyStaff: true } }, async (request) => {
    const staff = request.staff!;
    if (!staff.buttons.has('approval:view')) return ok({ items: [] });
    const count = (await waitingByKind(staff.id)).reduce((s, k) => s + k.count, 0);
    return ok({ items: [{ key: 'approval', title: '待审批', count, route: '/approve-manager/center' }] });
  });

  app.get('/kinds', { config: { btnCode: ['approvalflow:view', 'approval:view'] }, schema: { querystring: OPTION_LIST_QUERY } }, async () => ok(app.approvals.kinds().map((k) => ({ label: k.label, value: k.kind }))));

  app.get('/flow/posts', { config: { btnCode: FLOW_EDIT }, schema: { querystring: OPTION_LIST_QUERY } }, async () => {
    const rows = await app.db.selectFrom('post').innerJoin('org', 'org.id', 'post.org_id').select(['post.id', 'post.name', 'org.name as org_name']).where('post.enabled', '=', 1).orderBy('post.org_id').orderBy('post.id').execute();
    return ok(rows.map((r) => ({ label: `${r.org_name} / ${r.name}`, value: r.id })));
  });

  app.get('/flow/roles', { config: { btnCode: FLOW_EDIT }, schema: { querystring: OPTION_LIST_QUERY } }, async () => {
    const rows = await app.db.selectFrom('role').select(['id', 'name']).where('enabled', '=', 1).orderBy('id').execute();
    return ok(rows.map((r) => ({ label: r.name, value: r.id })));
  });

  app.get('/flow/staff', { config: { btnCode: [...FLOW_EDIT, 'approval:transfer'] }, schema: { querystring: OPTION_LIST_QUERY } }, async () => {
    const rows = await app.db.selectFrom('staff').innerJoin('org', 'org.id', 'staff.org_id').select(['staff.id', 'staff.name', 'org.name as org_name']).where('staff.enabled', '=', 1).orderBy('staff.id').limit(2000).execute();
    return ok(rows.map((r) => ({ label: `${r.name}（${r.org_name}）`, value: r.id })));
  });
}
