import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { assignPostRoles } from '../roles.ts';
import { findRow } from '../tree.ts';
import { checkOrgWithin } from '../authority.ts';

const id = { type: 'integer', minimum: 1 };

/**
 * Post authority (spec 6) as a form of the post manager: load a post with the roles it gives,
 * save them through the one post-role writer of the role calls (within the caller's rights).
 */
async function authorityRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  app.get('/roles', { config: { btnCode: 'post:grant' }, schema: { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id } } } }, async (request) => {
    const { id: postId } = request.query as { id: number };
    const post = (await db
      .selectFrom('post')
      .innerJoin('org', 'org.id', 'post.org_id')
      .select(['post.id', 'post.name', 'org.name as org_name'])
      .where('post.id', '=', postId)
      .executeTakeFirst()) as Row | undefined;
    if (!post) throw notFound('岗位不存在或已被删除');
    const roles = await app.db.selectFrom('post_role').select('role_id').where('post_id', '=', postId).execute();
    return ok({ ...post, roleIds: roles.map((r) => r.role_id) });
  });

  app.post(
    '/roles',
    {
      config: { btnCode: 'post:grant' },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'roleIds'],
          additionalProperties: false,
          properties: { id, roleIds: { type: 'array', nullable: true, maxItems: 50, uniqueItems: true, items: id } },
        },
      },
    },
    async (request) => {
      const { id: postId, roleIds } = request.body as { id: number; roleIds: number[] | null };
      await assignPostRoles(app.db, request.staff!, postId, roleIds ?? []);
      return ok({ id: postId, roleIds: roleIds ?? [] }, '岗位角色已保存');
    },
  );

  /** Enabled roles to choose from (the role list's own options need the role manager's permission). */
  app.get(
    '/roleOptions',
    { config: { btnCode: 'post:grant' }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } } },
    async () => {
      const roles = await app.db.selectFrom('role').select(['id', 'name']).where('enabled', '=', 1).orderBy('code').execute();
      return ok(roles.map((r) => ({ label: r.name, value: r.id })));
    },
  );
}

/** A post's department belongs to the post's organisation; new links go to enabled records only. */
export const postHooks: ResourceHooks = {
  async beforeSave({ trx, staff, values, current }) {
    const next: Row = { ...current, ...values };
    // A post's organisation decides what its holders' project scope reaches: never beyond the caller's (issue 40).
    if (values.org_id !== undefined && values.org_id !== current?.org_id) await checkOrgWithin(trx, staff, Number(values.org_id));
    const changed = (field: string) => !current || (field in values && (values[field] ?? null) !== current[field]);
    const org = (await findRow(trx, 'org', next.org_id))!;
    if (changed('org_id') && !org.enabled) throw badRequest(`所属组织「${String(org.name)}」已停用`);
    const dept = await findRow(trx, 'dept', next.dept_id);
    if (dept && dept.org_id !== next.org_id) throw badRequest(`所属部门「${String(dept.name)}」不属于「${String(org.name)}」，请重新选择部门`);
    if (dept && changed('dept_id') && !dept.enabled) throw badRequest(`所属部门「${String(dept.name)}」已停用`);
    const group = await findRow(trx, 'post_group', next.group_id);
    if (group && changed('group_id') && !group.enabled) throw badRequest(`岗位分组「${String(group.name)}」已停用`);
  },
  routes: authorityRoutes,
};
