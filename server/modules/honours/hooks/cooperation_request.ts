import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { ok } from '../../../platform/http/envelope.ts';
import type { StaffContext } from '../../../platform/types.ts';
import { badRequest, forbidden } from '../../../platform/http/envelope.ts';
import { formatTime } from '../../../../src/shared/format.ts';
import { belongsTo, orgBelow } from '../orgs.ts';
import { nextSequenceCode } from '../../../engine/codes.ts';

/** The organisations a caller answers for: their own and below, and the projects of their data scope. */
async function reach(db: Parameters<NonNullable<ResourceHooks['visibleRows']>>[0]['db'], staff: StaffContext, projects: number[]): Promise<number[]> {
  return [...new Set([...projects, ...(await orgBelow(db, staff.orgId))])];
}

/**
 * Cooperation requests between teams (any organisation: a project, a region, the company's
 * departments): numbered when drafted, sent by their initiator from an organisation they belong
 * to, accepted or refused only by someone of the team asked (who then finishes it), rated by the
 * initiator. Both sides see the request, so it follows neither side's project alone.
 */
export const cooperationRequestHooks: ResourceHooks = {
  async visibleRows({ db, staff, projects }) {
    const mine = await reach(db, staff, projects);
    const ids = mine.length ? mine : [0];
    return (eb) => eb.or([eb('cooperation_request.initiator_id', '=', staff.id), eb('cooperation_request.from_org_id', 'in', ids), eb('cooperation_request.to_org_id', 'in', ids)]);
  },

  async beforeSave({ trx, staff, values, current }) {
    const from = (values.from_org_id ?? current?.from_org_id) as number;
    if ((!current || 'from_org_id' in values) && !staff.dataScopes.includes('all') && !(await belongsTo(trx, staff.id, from))) throw badRequest('只能以本人所在的组织发起协作');
    if (current) return;
    values.initiator_id = staff.id;
    const day = formatTime(Date.now(), 'YYYYMMDD');
    values.code = await nextSequenceCode(trx, 'cooperation_request', `XZ${day}`, 3);
  },

  /** The teams a request may ask: every enabled organisation (names only), whoever's scope it lies outside. */
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const query = { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' }, keyword: { type: 'string', maxLength: 30 } } };
    app.get('/orgOptions', { config: { btnCode: ['cooperation:add', 'cooperation:view'] }, schema: { querystring: query } }, async () => {
      const rows = (await db.selectFrom('org').select(['id', 'name']).where('enabled', '=', 1).orderBy('sort').orderBy('id').execute()) as { id: number; name: string }[];
      return ok(rows.map((r) => ({ label: r.name, value: r.id })));
    });
  },

  async afterTransition({ trx, staff, action, record }) {
    if (action !== 'accept' && action !== 'refuse') return;
    if (staff.dataScopes.includes('all')) return;
    if (!(await belongsTo(trx, staff.id, record.to_org_id as number))) throw forbidden('只有协作部门的人员可以接收或拒绝协作单');
  },
};
