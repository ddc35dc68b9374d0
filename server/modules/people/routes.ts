import type { FastifyPluginAsync } from 'fastify';
import type { AnyDB } from '../../engine/hooks.ts';
import { orgSubtree, visibleProjectIds } from '../../engine/scope.ts';
import { ok } from '../../platform/http/envelope.ts';
import { contains } from '../../platform/db/textSearch.ts';

// The pickers' other parameters (a select's own, such as the chosen values) are read by nobody: accepted and ignored.
const keywordQuery = { type: 'object', properties: { keyword: { type: 'string', maxLength: 30 } } };

/**
 * The pickers of the evaluation-team forms: staff and organisations within the caller's reach
 * (their organisation's subtree and the projects of their data scope), so a team is never made
 * of people the configurator cannot see.
 */
const peopleRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db as unknown as AnyDB;
  async function reachableOrgs(staff: Parameters<typeof visibleProjectIds>[1]): Promise<number[] | null> {
    if (staff.dataScopes.includes('all')) return null;
    return [...new Set([...(await orgSubtree(app.db, staff.orgId)), ...(await visibleProjectIds(app.db, staff))])];
  }

  app.get('/options/staff', { config: { btnCode: ['perfTeam:edit', 'accountability:add', 'protection:edit', 'accountability:view', 'guidance:edit', 'honorNomination:add'] }, schema: { querystring: keywordQuery } }, async (request) => {
    const { keyword } = request.query as { keyword?: string };
    let q = db.selectFrom('staff').leftJoin('org', 'org.id', 'staff.org_id').select(['staff.id', 'staff.name', 'org.name as org_name']).where('staff.enabled', '=', 1);
    const orgs = await reachableOrgs(request.staff!);
    if (orgs) q = q.where('staff.org_id', 'in', orgs.length ? orgs : [0]);
    if (keyword) q = q.where(contains('staff.name', keyword));
    const rows = await q.orderBy('staff.id').limit(300).execute();
    return ok(rows.map((r) => ({ label: `${String(r.name)}（${String(r.org_name ?? '')}）`, value: r.id })));
  });

  app.get('/options/orgs', { config: { btnCode: ['perfTeam:edit', 'honorRound:edit', 'cooperation:add'] }, schema: { querystring: keywordQuery } }, async (request) => {
    let q = db.selectFrom('org').select(['id', 'name', 'type']).where('enabled', '=', 1);
    const orgs = await reachableOrgs(request.staff!);
    if (orgs) q = q.where('id', 'in', orgs.length ? orgs : [0]);
    const rows = await q.orderBy('id').execute();
    return ok(rows.map((r) => ({ label: String(r.name), value: r.id })));
  });
};

export default peopleRoutes;
