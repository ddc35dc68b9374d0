import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { orgSubtree } from '../../engine/scope.ts';
import { contains } from '../../platform/db/textSearch.ts';

// `all` is what every RemoteSelect sends for its option list.
const OPTION_QUERY = { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' }, keyword: { type: 'string', maxLength: 40 } } };

/**
 * Options of the seal screens: seals an application may use (enabled), the organisations a
 * seal may belong to and the staff who may keep it, within the caller's organisation.
 */
export default async function sealRoutes(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;

  app.get('/seal/usable', { config: { btnCode: ['sealapply:add', 'sealapply:edit'] }, schema: { querystring: OPTION_QUERY } }, async () => {
    const rows = (await db.selectFrom('seal').select(['id', 'name', 'form']).where('status', '=', 'enabled').orderBy('id').execute()) as { id: number; name: string; form: string }[];
    const form: Record<string, string> = { physical: '实体章', electronic: '电子章', both: '实体/电子' };
    return ok(rows.map((r) => ({ label: `${r.name}（${form[r.form] ?? r.form}）`, value: r.id })));
  });

  app.get('/seal/orgOptions', { config: { btnCode: ['seal:view', 'seal:add', 'seal:edit'] }, schema: { querystring: OPTION_QUERY } }, async (request) => {
    const ids = await orgSubtree(app.db, request.staff!.orgId);
    const rows = (await db.selectFrom('org').select(['id', 'name']).where('id', 'in', ids).where('enabled', '=', 1).orderBy('sort').execute()) as { id: number; name: string }[];
    return ok(rows.map((r) => ({ label: r.name, value: r.id })));
  });

  app.get('/seal/keeperOptions', { config: { btnCode: ['seal:add', 'seal:edit'] }, schema: { querystring: OPTION_QUERY } }, async (request) => {
    const ids = await orgSubtree(app.db, request.staff!.orgId);
    const { keyword } = request.query as { keyword?: string };
    let q = db.selectFrom('staff').select(['id', 'name', 'job_number']).where('org_id', 'in', ids).where('enabled', '=', 1);
    if (keyword) q = q.where(contains('name', keyword));
    const rows = (await q.orderBy('id').limit(200).execute()) as { id: number; name: string; job_number: string }[];
    return ok(rows.map((r) => ({ label: `${r.name}（${r.job_number}）`, value: r.id })));
  });
}
