import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { badRequest } from '../../../platform/http/envelope.ts';

/** A customer's latest contact and the next one still to make, from their records. */
export async function refreshContacts(db: AnyDB, customerId: number): Promise<void> {
  const last = (await db.selectFrom('communication_record').select((eb) => eb.fn.max('contact_at').as('at')).where('customer_id', '=', customerId).executeTakeFirst()) as Row | undefined;
  const next = (await db.selectFrom('communication_record').select((eb) => eb.fn.min('next_contact_at').as('at')).where('customer_id', '=', customerId).where('status', '=', 'following').executeTakeFirst()) as Row | undefined;
  await db.updateTable('customer').set({ last_contact_at: last?.at ?? null, next_contact_at: next?.at ?? null }).where('id', '=', customerId).execute();
}

/**
 * Communication records: the customer must be one the caller sees, and the record takes the
 * customer's project and house and the caller as its communicator; "需跟进" needs the next date,
 * and anything else is done at once. The customer's latest and next contact follow.
 */
export const communicationRecordHooks: ResourceHooks = {
  async beforeSave({ trx, staff, values, current }) {
    const customerId = values.customer_id ?? current?.customer_id;
    const visible = await scopeRows({ db: trx, staff }, { name: 'customer', scope: 'project' }, trx.selectFrom('customer').select(['customer.id', 'customer.project_id', 'customer.house_id']).where('customer.id', '=', customerId));
    const customer = (await visible.executeTakeFirst()) as Row | undefined;
    if (!customer) throw badRequest('所选客户不存在或不在您的管辖范围内');
    const projectId = values.project_id ?? current?.project_id;
    if (projectId !== undefined && Number(projectId) !== Number(customer.project_id)) throw badRequest('所选客户不属于该项目');
    values.project_id = customer.project_id;
    values.house_id = customer.house_id;
    if (!current) values.staff_id = staff.id;
    if (!current && !values.contact_at) values.contact_at = Date.now();
    const result = values.result ?? current?.result;
    const next = values.next_contact_at !== undefined ? values.next_contact_at : current?.next_contact_at;
    if (result === 'following' && !next) throw badRequest('沟通结果为需跟进时，请填写下次跟进时间');
  },
  async afterSave({ trx, values, id, created }) {
    // Only a record that needs following up starts in 跟进中; any other result is settled at once.
    if (created && values.result !== 'following') await trx.updateTable('communication_record').set({ status: 'done' }).where('id', '=', id).execute();
    const row = (await trx.selectFrom('communication_record').select('customer_id').where('id', '=', id).executeTakeFirst()) as Row;
    await refreshContacts(trx, Number(row?.customer_id ?? values.customer_id));
  },
  async afterTransition({ trx, record }) {
    await refreshContacts(trx, Number(record.customer_id));
  },
};
