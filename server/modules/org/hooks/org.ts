import type { FastifyInstance } from 'fastify';
import { badRequest, conflict } from '../../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { checkEnableOrder, countWhere, findRow, refuseChildren, refuseCycle, refuseReferences } from '../tree.ts';

const TYPE_NAME: Record<string, string> = { company: '公司', region: '区域', project: '项目' };
/** Spec 7.3's tree is company → region → project: each level has exactly one kind of parent. */
const PARENT_TYPE: Record<string, string | null> = { company: null, region: 'company', project: 'region' };

/** Core tables holding a project's business records. */
const PROJECT_TABLES: [string, string][] = [
  ['building', '楼栋'],
  ['customer', '客户'],
  ['work_order', '工单'],
];

/** Business records of projects (core tables and project-scoped resources): refused with a message. */
async function refuseBusinessRecords(app: FastifyInstance, trx: AnyDB, ids: number[], what: string): Promise<void> {
  for (const [table, title] of PROJECT_TABLES) {
    const n = await countWhere(trx, table, 'project_id', ids);
    if (n) throw conflict(`该组织下已有 ${n} 条${title}数据，${what}`);
  }
  for (const resource of app.catalogue.resources.values()) {
    if (resource.scope !== 'project') continue;
    const n = await countWhere(trx, resource.name, 'project_id', ids);
    if (n) throw conflict(`该组织下已有 ${n} 条${resource.title}数据，${what}`);
  }
}

/** Staff of the organisations: working there, or holding one of their posts. */
async function staffCount(trx: AnyDB, ids: number[]): Promise<number> {
  const row = (await trx
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.or([
        eb('org_id', 'in', ids),
        eb('id', 'in', eb.selectFrom('staff_post').innerJoin('post', 'post.id', 'staff_post.post_id').select('staff_post.staff_id').where('post.org_id', 'in', ids)),
      ]),
    )
    .executeTakeFirstOrThrow()) as { n: number };
  return Number(row.n);
}

/**
 * The organisation tree (company → region → project): moves keep it a tree of the right
 * levels, disabling goes from the leaves up, and nothing is deleted while children, staff or
 * business records still hang on it.
 */
export const orgHooks: ResourceHooks = {
  async beforeSave({ app, trx, id, values, current }) {
    const next: Row = { ...current, ...values };
    const type = String(next.type);
    const parentId = (next.parent_id ?? null) as number | null;
    const moved = !current || ('parent_id' in values && (values.parent_id ?? null) !== current.parent_id);
    if (id !== null && moved) await refuseCycle(trx, 'org', id, parentId, '不能把组织移到它自己或它的下级组织之下');
    if (current && id !== null && type !== current.type) {
      if (await countWhere(trx, 'org', 'parent_id', [id])) throw badRequest('该组织下还有下级组织，不能修改组织类型');
      if (current.type === 'project') await refuseBusinessRecords(app, trx, [id], '不能修改组织类型');
    }
    const parent = await findRow(trx, 'org', parentId);
    const wanted = PARENT_TYPE[type];
    if (wanted === null && parent) throw badRequest('公司是最上级组织，不能选择上级组织');
    if (wanted && parent?.type !== wanted) throw badRequest(`${TYPE_NAME[type]}的上级组织必须是${TYPE_NAME[wanted]}`);
    if (parent && moved && !parent.enabled) throw badRequest(`上级组织「${String(parent.name)}」已停用，不能在其下新增或移入组织`);
  },

  afterEnable: ({ trx, id, enabled }) => checkEnableOrder(trx, 'org', '组织', id, enabled),

  async beforeDelete({ app, trx, ids }) {
    await refuseChildren(trx, 'org', '组织', ids);
    const staff = await staffCount(trx, ids);
    if (staff) throw conflict(`该组织下还有 ${staff} 名员工，请先调离员工再删除`);
    await refuseBusinessRecords(app, trx, ids, '不能删除；不再使用时请停用');
    await refuseReferences(app, trx, 'org', '组织', ids);
  },
};
