import type { FastifyInstance } from 'fastify';
import type { AnyDB } from '../../engine/hooks.ts';
import { orgSubtree, visibleProjectIds } from '../../engine/scope.ts';
import { ok } from '../../platform/http/envelope.ts';
import { contains } from '../../platform/db/textSearch.ts';


/**
 * A staff picker (`GET /staffOptions`) for whoever holds one of `codes`: enabled staff of the
 * caller's organisation and below and of the projects their data scope reaches, so nobody
 * picks people they cannot see.
 */
export function staffOptionsRoute(app: FastifyInstance, codes: string[]): void {
  const db = app.db as unknown as AnyDB;
  app.get('/staffOptions', { config: { btnCode: codes }, schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 30 } } } } }, async (request) => {
    const staff = request.staff!;
    const { keyword } = request.query as { keyword?: string };
    let q = db.selectFrom('staff').leftJoin('org', 'org.id', 'staff.org_id').select(['staff.id', 'staff.name', 'org.name as org_name']).where('staff.enabled', '=', 1);
    if (!staff.dataScopes.includes('all')) {
      const orgs = [...new Set([...(await orgSubtree(app.db, staff.orgId)), ...(await visibleProjectIds(app.db, staff))])];
      q = q.where('staff.org_id', 'in', orgs.length ? orgs : [0]);
    }
    if (keyword) q = q.where(contains('staff.name', keyword));
    const rows = (await q.orderBy('staff.id').limit(500).execute()) as { id: number; name: string; org_name: string | null }[];
    return ok(rows.map((r) => ({ label: `${r.name}（${r.org_name ?? ''}）`, value: r.id })));
  });
}
