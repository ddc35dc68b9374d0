import { OPTION_LIST_QUERY } from '../../../platform/http/inputSchemas.ts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { orgSubtree, scopeRows } from '../../../engine/scope.ts';
import { nextSequenceCode } from '../../../engine/codes.ts';

const ID_QUERY = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } };
const READ = ['case:view'];

/** A case's child rows (proceedings, lawyer letters) for its detail page, through the one scoping rule. */
async function childRows(app: FastifyInstance, staff: Parameters<typeof scopeRows>[0]['staff'], table: 'case_proceeding' | 'lawyer_letter', caseId: number, order: string) {
  const db = app.db as unknown as AnyDB;
  const query = await scopeRows({ db, staff }, { name: table, scope: 'project' }, db.selectFrom(table).selectAll().where('case_id', '=', caseId).orderBy(order, 'desc'));
  const rows = (await query.execute()) as Record<string, unknown>[];
  // The documents are JSON text in the table: answered as lists, as the generic list does.
  return rows.map((r) => ({ ...r, ...(typeof r.documents === 'string' ? { documents: JSON.parse(r.documents) } : {}), ...(typeof r.file === 'string' ? { file: JSON.parse(r.file) } : {}) }));
}

/**
 * 诉讼案件: a code on creation (SS + date + sequence); the detail page's proceedings and
 * letters; the staff who may be a case's first responsible person (within the caller's organisation).
 */
export const legalCaseHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    if (current) return;
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    values.code = await nextSequenceCode(trx, 'legal_case', `SS${day}`, 3);
  },
  async routes(app) {
    app.get('/proceedings', { config: { btnCode: READ }, schema: { querystring: ID_QUERY } }, async (request) => ok(await childRows(app, request.staff!, 'case_proceeding', (request.query as { id: number }).id, 'event_date')));
    app.get('/letters', { config: { btnCode: READ }, schema: { querystring: ID_QUERY } }, async (request) => ok(await childRows(app, request.staff!, 'lawyer_letter', (request.query as { id: number }).id, 'id')));
    app.get('/ownerOptions', { config: { btnCode: ['case:add', 'case:edit'] }, schema: { querystring: OPTION_LIST_QUERY } }, async (request) => {
      const db = app.db as unknown as AnyDB;
      const rows = (await db.selectFrom('staff').select(['id', 'name']).where('org_id', 'in', await orgSubtree(app.db, request.staff!.orgId)).where('enabled', '=', 1).orderBy('id').limit(300).execute()) as { id: number; name: string }[];
      return ok(rows.map((r) => ({ label: r.name, value: r.id })));
    });
  },
};
