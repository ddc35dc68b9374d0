import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { scopeRows, visibleProjectIds } from '../../../engine/scope.ts';
import { badRequest, notFound, ok } from '../../../platform/http/envelope.ts';
import type { DB } from '../../../platform/db/index.ts';

/** The portrait level whose score band holds the score (enabled levels only), or null. */
export async function levelOf(db: AnyDB, score: number | null | undefined): Promise<number | null> {
  if (score === null || score === undefined) return null;
  const level = (await db.selectFrom('portrait_level').select('id').where('enabled', '=', 1).where('min_score', '<=', score).where('max_score', '>=', score).orderBy('level_order', 'desc').executeTakeFirst()) as Row | undefined;
  return level ? Number(level.id) : null;
}

/**
 * Customers (the core table, made a resource): a house belongs to the customer's project, the
 * steward works there, the portrait level follows the score's band. The form's house and steward
 * choices come from here, limited to projects the caller sees.
 */
export const customerHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const projectId = Number(values.project_id ?? current?.project_id);
    const houseId = values.house_id !== undefined ? values.house_id : current?.house_id;
    if (houseId) {
      const house = (await trx.selectFrom('house').select('project_id').where('id', '=', houseId).executeTakeFirst()) as Row | undefined;
      if (!house || Number(house.project_id) !== projectId) throw badRequest('所选房屋不属于该客户的项目');
    }
    const stewardId = values.steward_id !== undefined ? values.steward_id : current?.steward_id;
    if (stewardId) {
      const works = await trx.selectFrom('staff').select('id').where('id', '=', stewardId).where('org_id', '=', projectId).executeTakeFirst();
      const posted = await trx.selectFrom('staff_post').innerJoin('post', 'post.id', 'staff_post.post_id').select('staff_post.staff_id').where('staff_post.staff_id', '=', stewardId).where('post.org_id', '=', projectId).executeTakeFirst();
      if (!works && !posted) throw badRequest('所选管家不在该客户的项目工作');
    }
    if ('portrait_score' in values) values.portrait_level_id = await levelOf(trx, values.portrait_score as number | null);
    if (values.app_registered && !current?.app_registered) values.registered_at = Date.now();
    if (values.certified && !current?.certified) values.certified_at = Date.now();
  },
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const config = { btnCode: 'customer:view' };
    const schema = { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } };
    const projectNames = async (ids: number[]) => new Map(((await db.selectFrom('org').select(['id', 'name']).where('id', 'in', ids.length ? ids : [0]).execute()) as Row[]).map((o) => [o.id, String(o.name)]));
    app.get('/houses', { config, schema }, async (request) => {
      const projects = await visibleProjectIds(app.db as unknown as DB, request.staff!);
      if (!projects.length) return ok([]);
      const names = await projectNames(projects);
      const rows = (await db.selectFrom('house').select(['id', 'project_id', 'building_name', 'unit_no', 'room_no']).where('project_id', 'in', projects).orderBy('project_id').orderBy('building_name').orderBy('unit_no').orderBy('room_no').execute()) as Row[];
      return ok(rows.map((h) => ({ value: h.id, label: `${names.get(h.project_id) ?? ''} ${String(h.building_name ?? '')} ${String(h.unit_no)}单元 ${String(h.room_no)}` })));
    });
    app.get('/stewards', { config, schema }, async (request) => {
      const projects = await visibleProjectIds(app.db as unknown as DB, request.staff!);
      if (!projects.length) return ok([]);
      const names = await projectNames(projects);
      const rows = (await db
        .selectFrom('staff_post')
        .innerJoin('post', 'post.id', 'staff_post.post_id')
        .innerJoin('staff', 'staff.id', 'staff_post.staff_id')
        .select(['staff.id', 'staff.name', 'post.org_id'])
        .where('post.org_id', 'in', projects)
        .where('post.name', 'in', ['客服管家', '客服专员', '客服主管'])
        .where('staff.enabled', '=', 1)
        .orderBy('post.org_id')
        .orderBy('staff.id')
        .execute()) as Row[];
      const seen = new Set<unknown>();
      return ok(rows.filter((s) => !seen.has(s.id) && seen.add(s.id)).map((s) => ({ value: s.id, label: `${String(s.name)}（${names.get(s.org_id) ?? ''}）` })));
    });
    app.get('/labels', { config, schema }, async () => {
      const rows = (await db.selectFrom('label').select(['id', 'name']).where('scope', '=', 'customer').where('enabled', '=', 1).orderBy('sort').execute()) as Row[];
      return ok(rows.map((l) => ({ value: l.id, label: String(l.name) })));
    });
    // The profile's timelines: a customer the caller sees, with their conversations and work orders.
    const idSchema = { querystring: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } };
    const visibleCustomer = async (staff: NonNullable<Parameters<typeof visibleProjectIds>[1]>, id: number) => {
      const row = await (await scopeRows({ db, staff }, { name: 'customer', scope: 'project' }, db.selectFrom('customer').select(['customer.id']).where('customer.id', '=', id))).executeTakeFirst();
      if (!row) throw notFound();
    };
    app.get('/communications', { config, schema: idSchema }, async (request) => {
      const { id } = request.query as { id: number };
      await visibleCustomer(request.staff!, id);
      const rows = await db
        .selectFrom('communication_record as r')
        .leftJoin('staff as s', 's.id', 'r.staff_id')
        .select(['r.id', 'r.contact_at', 'r.channel', 'r.topic', 'r.content', 'r.result', 'r.status', 'r.next_contact_at', 's.name as staff_name'])
        .where('r.customer_id', '=', id)
        .orderBy('r.contact_at', 'desc')
        .limit(200)
        .execute();
      return ok(rows);
    });
    app.get('/workOrders', { config, schema: idSchema }, async (request) => {
      const { id } = request.query as { id: number };
      await visibleCustomer(request.staff!, id);
      const rows = await db.selectFrom('work_order').select(['id', 'code', 'kind', 'title', 'status', 'created_at', 'evaluation_score']).where('customer_id', '=', id).orderBy('created_at', 'desc').limit(200).execute();
      return ok(rows);
    });
    app.get('/levels', { config, schema }, async () => {
      const rows = (await db.selectFrom('portrait_level').select(['id', 'name']).where('enabled', '=', 1).orderBy('level_order').execute()) as Row[];
      return ok(rows.map((l) => ({ value: l.id, label: String(l.name) })));
    });
  },
};
