import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../../platform/http/envelope.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { isProcessorAt } from '../../org/public.ts';

type Choice = { label: string; value: number };
const EDITORS = ['serviceArea:add', 'serviceArea:edit'];
const NO_QUERY = { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } };

/**
 * A service area's buildings, steward and posts belong to its own project (the area is where that
 * steward serves those buildings); the pickers offer them within the caller's projects, named
 * with their project, since a form may be for any of them.
 */
export const serviceAreaHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const projectId = (values.project_id ?? current?.project_id) as number;
    const buildings = values.building_ids as number[] | null | undefined;
    if (buildings?.length) {
      const own = await trx.selectFrom('building').select('id').where('id', 'in', buildings).where('project_id', '=', projectId).execute();
      if (own.length !== new Set(buildings).size) throw badRequest('包含楼栋须为本区域所属项目的楼栋');
    }
    const steward = values.steward_id as number | null | undefined;
    if (steward) {
      const serves = await trx.selectFrom('staff_project').innerJoin('staff', 'staff.id', 'staff_project.staff_id').select('staff.id').where('staff_project.staff_id', '=', steward).where('staff_project.project_id', '=', projectId).where('staff.enabled', '=', 1).executeTakeFirst();
      if (!serves) throw badRequest('管家须为本区域所属项目的在职员工');
    }
    const handler = values.handler_id as number | null | undefined;
    if (handler && !(await isProcessorAt(trx, projectId, handler))) throw badRequest('默认处理人须为本区域所属项目可处理工单的员工');
    for (const [field, title] of [['cleaner_post_id', '保洁岗位'], ['security_post_id', '秩序岗位']] as const) {
      const post = values[field] as number | null | undefined;
      if (!post) continue;
      const own = await trx.selectFrom('post').select('id').where('id', '=', post).where('org_id', '=', projectId).executeTakeFirst();
      if (!own) throw badRequest(`${title}须为本区域所属项目的岗位`);
    }
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get('/buildings', { config: { btnCode: EDITORS }, schema: NO_QUERY }, async (request) => {
      const projects = await visibleProjectIds(app.db, request.staff!);
      if (!projects.length) return ok([]);
      const rows = (await db.selectFrom('building').innerJoin('org', 'org.id', 'building.project_id').select(['building.id', 'building.name', 'org.name as project']).where('building.project_id', 'in', projects).orderBy('org.sort').orderBy('building.name').execute()) as { id: number; name: string; project: string }[];
      return ok(rows.map((r): Choice => ({ label: `${r.project} ${r.name}`, value: r.id })));
    });
    app.get('/stewards', { config: { btnCode: EDITORS }, schema: NO_QUERY }, async (request) => {
      const projects = await visibleProjectIds(app.db, request.staff!);
      if (!projects.length) return ok([]);
      const rows = (await db.selectFrom('staff_project').innerJoin('staff', 'staff.id', 'staff_project.staff_id').innerJoin('org', 'org.id', 'staff_project.project_id').select(['staff.id', 'staff.name', 'org.name as project']).where('staff_project.project_id', 'in', projects).where('staff.enabled', '=', 1).orderBy('org.sort').orderBy('staff.name').execute()) as { id: number; name: string; project: string }[];
      return ok(rows.map((r): Choice => ({ label: `${r.project} ${r.name}`, value: r.id })));
    });
    app.get('/posts', { config: { btnCode: EDITORS }, schema: NO_QUERY }, async (request) => {
      const projects = await visibleProjectIds(app.db, request.staff!);
      if (!projects.length) return ok([]);
      const rows = (await db.selectFrom('post').innerJoin('org', 'org.id', 'post.org_id').select(['post.id', 'post.name', 'org.name as project']).where('post.org_id', 'in', projects).where('post.enabled', '=', 1).orderBy('org.sort').orderBy('post.sort').orderBy('post.code').execute()) as { id: number; name: string; project: string }[];
      return ok(rows.map((r): Choice => ({ label: `${r.project} ${r.name}`, value: r.id })));
    });
  },
};
