import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import { visibleProjectIds } from '../../engine/scope.ts';
import { nest, orgScope } from './orgTree.ts';
import type { StaffContext } from '../../platform/types.ts';
import { contains } from '../../platform/db/textSearch.ts';

const ORG_TYPES = ['company', 'region', 'project'];
const id = { type: 'integer', minimum: 1 };
const query = (properties: Record<string, object>, required: string[] = []) => ({ type: 'object', additionalProperties: false, required, properties });

/**
 * The base service calls of spec 7.3 that other modules' selects use: the caller's
 * organisation tree, post groups, the posts of an organisation and their staff, and a
 * project's assets. Every answer stays within the caller's data scope.
 */
export default async function orgCalls(app: FastifyInstance) {
  // Resource tables (dept, post_group, parking_yard) are defined by JSON: queried untyped.
  const loose = app.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  /** An organisation the caller may read data of, or a 403 naming why. */
  async function requireOrg(staff: StaffContext, orgId: number) {
    const org = await app.db.selectFrom('org').select(['id', 'name', 'type']).where('id', '=', orgId).executeTakeFirst();
    if (!org) throw badRequest('组织不存在或已被删除');
    if (!(await orgScope(app.db, staff)).data.has(orgId)) throw forbidden(`「${org.name}」不在您的数据权限范围内`);
    return org;
  }

  /** getUserCrmOrg: company → region → project as a tree; `types` keeps only some levels. */
  app.post(
    '/crmOrg/getUserCrmOrg',
    {
      config: { anyStaff: true },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { types: { type: 'array', maxItems: 3, uniqueItems: true, items: { enum: ORG_TYPES } }, includeDisabled: { type: 'boolean' } },
        },
      },
    },
    async (request) => {
      const { types, includeDisabled } = (request.body ?? {}) as { types?: string[]; includeDisabled?: boolean };
      const scope = await orgScope(app.db, request.staff!);
      const all = await app.db.selectFrom('org').select(['id', 'parent_id', 'name', 'code', 'type', 'enabled']).orderBy('sort').orderBy('id').execute();
      const parentOf = new Map(all.map((o) => [o.id, o.parent_id]));
      const shown = all.filter((o) => scope.tree.has(o.id) && (includeDisabled || o.enabled) && (!types?.length || types.includes(o.type)));
      const nodes = shown.map((o) => ({
        id: o.id,
        parentId: o.parent_id,
        name: o.name,
        code: o.code,
        type: o.type,
        enabled: o.enabled,
        // Ancestors outside the caller's scope are there to connect the tree, not to be chosen.
        ...(scope.data.has(o.id) ? {} : { selectable: false }),
      }));
      return ok(nest(nodes, (n) => n.parentId, (orgId) => parentOf.get(orgId) ?? null));
    },
  );

  /** getPostGroupList: post groups in order; `label`/`value` let selects use it as is. */
  app.get(
    '/crmPostGroup/getPostGroupList',
    { config: { anyStaff: true }, schema: { querystring: query({ all: { type: 'boolean' }, keyword: { type: 'string', maxLength: 32 } }) } },
    async (request) => {
      const { all, keyword } = request.query as { all?: boolean; keyword?: string };
      let q = loose.selectFrom('post_group').select(['id', 'name', 'code', 'sort', 'enabled', 'description']);
      if (!all) q = q.where('enabled', '=', 1);
      if (keyword) q = q.where(contains('name', keyword));
      const rows = (await q.orderBy('sort').orderBy('id').execute()) as { id: number; name: string }[];
      return ok(rows.map((r) => ({ ...r, label: r.name, value: r.id })));
    },
  );

  /** getPostListByOrgId: the posts of one organisation, with group, department and how many hold each. */
  app.get(
    '/crmPost/getPostListByOrgId',
    { config: { anyStaff: true }, schema: { querystring: query({ orgId: id, all: { type: 'boolean' } }, ['orgId']) } },
    async (request) => {
      const { orgId, all } = request.query as { orgId: number; all?: boolean };
      await requireOrg(request.staff!, orgId);
      let q = loose
        .selectFrom('post')
        .leftJoin('post_group', 'post_group.id', 'post.group_id')
        .leftJoin('dept', 'dept.id', 'post.dept_id')
        .select([
          'post.id',
          'post.name',
          'post.code',
          'post.org_id as orgId',
          'post.group_id as groupId',
          'post_group.name as groupName',
          'post.dept_id as deptId',
          'dept.name as deptName',
          'post.enabled',
          (eb) => eb.selectFrom('staff_post').innerJoin('staff', 'staff.id', 'staff_post.staff_id').whereRef('staff_post.post_id', '=', 'post.id').where('staff.enabled', '=', 1).select((e) => e.fn.countAll().as('n')).as('staffCount'),
        ])
        .where('post.org_id', '=', orgId);
      if (!all) q = q.where('post.enabled', '=', 1);
      const rows = (await q.orderBy('post.sort').orderBy('post.id').execute()) as { id: number; name: string; staffCount: number }[];
      return ok(rows.map((r) => ({ ...r, staffCount: Number(r.staffCount), label: r.name, value: r.id })));
    },
  );

  /** getPostStaffListByOrgId: enabled staff holding the enabled posts of one organisation. */
  app.get(
    '/crmStaff/getPostStaffListByOrgId',
    { config: { anyStaff: true }, schema: { querystring: query({ orgId: id, postId: id, groupId: id }, ['orgId']) } },
    async (request) => {
      const { orgId, postId, groupId } = request.query as { orgId: number; postId?: number; groupId?: number };
      await requireOrg(request.staff!, orgId);
      let q = loose
        .selectFrom('staff_post')
        .innerJoin('post', 'post.id', 'staff_post.post_id')
        .innerJoin('staff', 'staff.id', 'staff_post.staff_id')
        .leftJoin('post_group', 'post_group.id', 'post.group_id')
        .select([
          'staff.id as staffId',
          'staff.name as staffName',
          'staff.job_number as jobNumber',
          'staff.mobile as mobile',
          'post.id as postId',
          'post.name as postName',
          'post.group_id as groupId',
          'post_group.name as groupName',
        ])
        .where('post.org_id', '=', orgId)
        .where('post.enabled', '=', 1)
        .where('staff.enabled', '=', 1);
      if (postId) q = q.where('post.id', '=', postId);
      if (groupId) q = q.where('post.group_id', '=', groupId);
      return ok(await q.orderBy('post.sort').orderBy('post.id').orderBy('staff.job_number').execute());
    },
  );

  /** getCrmOrgAssetByProjectId: a project's buildings with their units and houses, and its parking yards. */
  app.get(
    '/crmProject/getCrmOrgAssetByProjectId',
    { config: { anyStaff: true }, schema: { querystring: query({ projectId: id }, ['projectId']) } },
    async (request) => {
      const { projectId } = request.query as { projectId: number };
      const project = await app.db.selectFrom('org').select(['id', 'name', 'code', 'type', 'address', 'enabled']).where('id', '=', projectId).executeTakeFirst();
      if (!project) throw badRequest('项目不存在或已被删除');
      if (project.type !== 'project') throw badRequest(`「${project.name}」不是项目，请选择项目`);
      if (!(await visibleProjectIds(app.db, request.staff!)).includes(projectId)) throw forbidden(`「${project.name}」不在您的数据权限范围内`);
      const buildings = await app.db.selectFrom('building').select(['id', 'name', 'floors', 'units']).where('project_id', '=', projectId).orderBy('id').execute();
      const houses = buildings.length
        ? await app.db.selectFrom('house').select(['id', 'building_id', 'unit_no', 'room_no', 'area', 'status']).where('building_id', 'in', buildings.map((b) => b.id)).orderBy('unit_no').orderBy('room_no').execute()
        : [];
      const yards = await loose.selectFrom('parking_yard').select(['id', 'name', 'kind', 'spaces', 'enabled']).where('project_id', '=', projectId).orderBy('id').execute();
      return ok({
        project: { id: project.id, name: project.name, code: project.code, address: project.address, enabled: project.enabled },
        buildings: buildings.map((b) => {
          const own = houses.filter((h) => h.building_id === b.id);
          const unitNos = [...new Set(own.map((h) => h.unit_no))].sort((x, y) => x - y);
          return {
            id: b.id,
            name: b.name,
            floors: b.floors,
            unitCount: b.units,
            units: unitNos.map((unitNo) => ({
              unitNo,
              name: `${unitNo}单元`,
              houses: own.filter((h) => h.unit_no === unitNo).map((h) => ({ id: h.id, roomNo: h.room_no, area: h.area, status: h.status })),
            })),
          };
        }),
        parkingYards: yards,
      });
    },
  );
}
