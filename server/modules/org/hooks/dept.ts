import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, ok } from '../../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { nest, orgScope } from '../orgTree.ts';
import { orgSubtree } from '../../../engine/scope.ts';
import type { StaffContext } from '../../../platform/types.ts';
import { checkEnableOrder, countWhere, findRow, refuseChildren, refuseCycle, refuseReferences } from '../tree.ts';

/** Staff holding a post of the departments. */
async function staffOnPosts(trx: AnyDB, ids: number[]): Promise<number> {
  const row = (await trx
    .selectFrom('staff_post')
    .innerJoin('post', 'post.id', 'staff_post.post_id')
    .select((eb) => eb.fn.count<number>('staff_post.staff_id').distinct().as('n'))
    .where('post.dept_id', 'in', ids)
    .executeTakeFirstOrThrow()) as { n: number };
  return Number(row.n);
}

/** The department form's selects: an organisation's department tree, and the staff who may lead. */
async function selectRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  const orgQuery = (extra: Record<string, object> = {}) => ({
    querystring: { type: 'object', required: ['orgId'], additionalProperties: false, properties: { orgId: { type: 'integer', minimum: 1 }, ...extra } },
  });
  async function requireScope(staff: StaffContext, orgId: number) {
    if (!(await orgScope(app.db, staff)).data.has(orgId)) throw forbidden('该组织不在您的数据权限范围内');
  }
  app.get(
    '/tree',
    {
      config: { anyStaff: true },
      schema: orgQuery({ includeDisabled: { type: 'boolean' } }),
    },
    async (request) => {
      const { orgId, includeDisabled } = request.query as { orgId: number; includeDisabled?: boolean };
      await requireScope(request.staff!, orgId);
      let q = db.selectFrom('dept').select(['id', 'parent_id', 'name', 'code', 'enabled']).where('org_id', '=', orgId);
      if (!includeDisabled) q = q.where('enabled', '=', 1);
      const rows = (await q.orderBy('sort').orderBy('id').execute()) as { id: number; parent_id: number | null; name: string; code: string; enabled: number }[];
      return ok(nest(rows.map((r) => ({ id: r.id, parentId: r.parent_id, name: r.name, code: r.code, enabled: r.enabled })), (r) => r.parentId));
    },
  );

  /** Enabled staff of the organisation and below, by where they work or the posts they hold. */
  app.get('/leaderOptions', { config: { btnCode: ['dept:add', 'dept:edit'] }, schema: orgQuery({ all: { type: 'boolean' } }) }, async (request) => {
    const { orgId } = request.query as { orgId: number };
    await requireScope(request.staff!, orgId);
    const orgs = await orgSubtree(app.db, orgId);
    const rows = await app.db
      .selectFrom('staff')
      .select(['id', 'name', 'job_number'])
      .where('enabled', '=', 1)
      .where((eb) =>
        eb.or([
          eb('org_id', 'in', orgs),
          eb('id', 'in', eb.selectFrom('staff_post').innerJoin('post', 'post.id', 'staff_post.post_id').select('staff_post.staff_id').where('post.org_id', 'in', orgs)),
        ]),
      )
      .orderBy('job_number')
      .execute();
    return ok(rows.map((r) => ({ label: `${r.name}（${r.job_number}）`, value: r.id })));
  });
}

/**
 * The department tree: a department belongs to one organisation, as its parent does; moves
 * keep it a tree, disabling goes from the leaves up, and nothing with sub-departments, staff
 * on its posts or posts still pointing at it is deleted.
 */
export const deptHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const next: Row = { ...current, ...values };
    const parentId = (next.parent_id ?? null) as number | null;
    const moved = !current || ('parent_id' in values && (values.parent_id ?? null) !== current.parent_id);
    const orgChanged = !current || ('org_id' in values && values.org_id !== current.org_id);
    if (id !== null && moved) await refuseCycle(trx, 'dept', id, parentId, '不能把部门移到它自己或它的下级部门之下');
    const parent = await findRow(trx, 'dept', parentId);
    if (parent && parent.org_id !== next.org_id) throw badRequest(`上级部门「${String(parent.name)}」属于其他组织，请选择同一组织的部门`);
    if (parent && moved && !parent.enabled) throw badRequest(`上级部门「${String(parent.name)}」已停用，不能在其下新增或移入部门`);
    if (orgChanged) {
      if (current && id !== null && (await countWhere(trx, 'dept', 'parent_id', [id]))) throw badRequest('该部门下还有下级部门，不能更换所属组织');
      const org = (await findRow(trx, 'org', next.org_id))!;
      if (!org.enabled) throw badRequest(`所属组织「${String(org.name)}」已停用`);
    }
    if ('leader_id' in values && values.leader_id !== null && values.leader_id !== undefined && values.leader_id !== current?.leader_id) {
      const leader = (await findRow(trx, 'staff', values.leader_id))!;
      if (!leader.enabled) throw badRequest(`负责人「${String(leader.name)}」已停用，请选择在职员工`);
    }
  },

  afterEnable: ({ trx, id, enabled }) => checkEnableOrder(trx, 'dept', '部门', id, enabled),

  async beforeDelete({ app, trx, ids }) {
    await refuseChildren(trx, 'dept', '部门', ids);
    const staff = await staffOnPosts(trx, ids);
    if (staff) throw conflict(`该部门的岗位上还有 ${staff} 名员工，请先调整员工岗位再删除`);
    await refuseReferences(app, trx, 'dept', '部门', ids);
  },

  routes: selectRoutes,
};
