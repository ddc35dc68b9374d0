import type { FastifyInstance } from 'fastify';
import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest, ok } from '../../../platform/http/envelope.ts';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11643: the 18th character of a resident ID number checks the first 17. */
export function idCardCheckOk(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const sum = WEIGHTS.reduce((total, w, i) => total + w * Number(id[i]), 0);
  return '10X98765432'[sum % 11] === id[17];
}

const value = (values: Row, current: Row | null, name: string) => (values[name] !== undefined ? values[name] : current?.[name]);

/** External and supplier staff (schemas/org/resources/external_staff.json): what a pattern cannot check. */
export const externalStaffHooks: ResourceHooks = {
  beforeSave({ values, current }) {
    if (typeof values.id_number === 'string' && !idCardCheckOk(values.id_number)) throw badRequest('身份证号码校验位不正确，请核对后重新填写');
    const start = value(values, current, 'contract_start');
    const end = value(values, current, 'contract_end');
    if (typeof start === 'string' && typeof end === 'string' && end < start) throw badRequest('合同结束日期不能早于合同开始日期');
  },

  async routes(app: FastifyInstance) {
    /** Enabled business lines to place a person in (whoever manages external staff, without the line manager's rights). */
    app.get(
      '/stripeOptions',
      { config: { btnCode: ['external:view', 'external:add', 'external:edit'] }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } } },
      async () => {
        const rows = await app.db.selectFrom('stripe').select(['id', 'stripe_name']).where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
        return ok(rows.map((r) => ({ label: r.stripe_name, value: r.id })));
      },
    );
  },
};
