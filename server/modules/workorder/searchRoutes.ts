import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AnyDB, AnySelect, Row } from '../../engine/hooks.ts';
import { maskValue } from '../../engine/resources/values.ts';
import { badRequest, ok } from '../../platform/http/envelope.ts';
import { visibleProjectIds } from '../../engine/scope.ts';
import type { StaffContext } from '../../platform/types.ts';
import { contains } from '../../platform/db/textSearch.ts';

/** Who may search the orders: whoever sees the order lists, and the hotline operators (a caller's history). */
const SEARCH_CODES = ['workorder:view', 'hotline:call'];

interface Search {
  keyword?: string;
  phone?: string;
  customerId?: number;
  projectId?: number;
  pageNum?: number;
  pageSize?: number;
}

const searchProps = {
  keyword: { type: 'string', maxLength: 50 },
  phone: { type: 'string', maxLength: 20 },
  customerId: { type: 'integer', minimum: 1 },
  projectId: { type: 'integer', minimum: 1 },
};


/**
 * The work-order search of spec 7.5 ("es: work-order result list and count"): words in the
 * code, title, description, location or contact, a caller's phone or customer, within the
 * caller's projects; drafts are nobody's history. Answered from the work orders themselves.
 */
export default async function esService(app: FastifyInstance) {
  const db = app.db as unknown as AnyDB;
  const stateText = (state: string) => app.catalogue.resources.get('work_order')?.workflow?.states[state]?.text ?? state;

  async function matching(staff: StaffContext, s: Search): Promise<AnySelect> {
    if (!s.keyword?.trim() && !s.phone?.trim() && !s.customerId) throw badRequest('请输入关键字、电话或客户');
    let q = db.selectFrom('work_order as w').where('w.status', '!=', 'draft');
    if (!staff.dataScopes.includes('all')) {
      const projects = await visibleProjectIds(app.db, staff);
      q = projects.length ? q.where('w.project_id', 'in', projects) : q.where(sql<boolean>`1 = 0`);
    }
    if (s.projectId) q = q.where('w.project_id', '=', s.projectId);
    const phone = s.phone?.trim();
    // A caller's history: their customer record's orders, and orders left under their number.
    if (s.customerId && phone) q = q.where((eb) => eb.or([eb('w.customer_id', '=', s.customerId!), eb('w.contact_phone', '=', phone)]));
    else if (s.customerId) q = q.where('w.customer_id', '=', s.customerId);
    else if (phone) q = q.where('w.contact_phone', '=', phone);
    const keyword = s.keyword?.trim();
    if (keyword) {
      q = q.where((eb) => eb.or(['w.code', 'w.title', 'w.content', 'w.address', 'w.contact_name'].map((c) => contains(c, keyword))));
    }
    return q;
  }

  app.post(
    '/workOrder/resultList',
    {
      config: { btnCode: SEARCH_CODES },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...searchProps, pageNum: { type: 'integer', minimum: 1, default: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
        },
      },
    },
    async (request) => {
      const s = (request.body ?? {}) as Search;
      const pageNum = s.pageNum ?? 1;
      const pageSize = s.pageSize ?? 10;
      const q = await matching(request.staff!, s);
      const total = Number(((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as Row).n);
      const rows = (await q
        .leftJoin('org as o', 'o.id', 'w.project_id')
        .leftJoin('staff as p', 'p.id', 'w.processor_id')
        .select(['w.id', 'w.code', 'w.title', 'w.kind', 'w.status', 'w.source', 'w.address', 'w.contact_name', 'w.contact_phone', 'w.created_at', 'w.finished_at', 'w.evaluation_score', 'o.name as project_name', 'p.name as processor_name'])
        .orderBy('w.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute()) as Row[];
      const records = rows.map((r) => ({ ...r, statusText: stateText(String(r.status)), contact_phone: typeof r.contact_phone === 'string' ? maskValue('mobile', r.contact_phone) : r.contact_phone }));
      return ok({ records, total, pageNum, pageSize });
    },
  );

  app.post('/workOrder/resultCount', { config: { btnCode: SEARCH_CODES }, schema: { body: { type: 'object', additionalProperties: false, properties: searchProps } } }, async (request) => {
    const q = await matching(request.staff!, (request.body ?? {}) as Search);
    const row = (await q
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number>`coalesce(sum(case when w.status in ('finished', 'closed', 'improper_closed') then 0 else 1 end), 0)`.as('open'),
        sql<number>`coalesce(sum(case when w.kind = 'complaint' then 1 else 0 end), 0)`.as('complaints'),
      ])
      .executeTakeFirstOrThrow()) as Row;
    return ok({ total: Number(row.total), open: Number(row.open), complaints: Number(row.complaints) });
  });
}
