import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';

/** The push module's notice service (server/platform/push/notices.ts), when the server has one. */
interface Notices {
  send(executor: AnyDB, input: { staffIds: number[]; category: string; type: string; content: string; title?: string; functionId?: string | null }): Promise<number[]>;
}

export const CERTIFICATION_REMINDER_TYPE = 'resident_certification';

/** Enabled staff of the application's project whose roles may review it. */
async function reviewersOf(trx: AnyDB, projectId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('staff')
    .innerJoin('staff_role', 'staff_role.staff_id', 'staff.id')
    .innerJoin('role_button', 'role_button.role_id', 'staff_role.role_id')
    .innerJoin('menu_button', 'menu_button.id', 'role_button.button_id')
    .select('staff.id')
    .distinct()
    .where('staff.org_id', '=', projectId)
    .where('staff.enabled', '=', 1)
    .where('menu_button.code', '=', 'certification:audit')
    .execute();
  return rows.map((r) => r.id as number);
}

/** Tells the project's reviewers that an application has waited 72 hours (the date timer's move). */
async function remind(app: FastifyInstance, trx: AnyDB, record: Row): Promise<void> {
  const notices = (app as unknown as { notices?: Notices }).notices;
  const staffIds = await reviewersOf(trx, record.project_id as number);
  if (!notices || !staffIds.length) return;
  await notices.send(trx, { staffIds, category: '1', type: CERTIFICATION_REMINDER_TYPE, title: '住户认证待审核', content: `「${record.name as string}」的住户认证申请已提交超过 72 小时，请尽快审核`, functionId: null });
}

/**
 * Resident certification (/opearator-statistics/ResidentCertification): a passed application
 * certifies the customer (the register and certification statistics count it); a rejection keeps
 * its note on the record for the owner; 72 hours pending sends the reviewers a reminder.
 */
export const residentCertificationHooks: ResourceHooks = {
  async afterTransition({ trx, app, id, action, note, record }) {
    const now = Date.now();
    if (action === 'approve') {
      await trx.updateTable('customer').set({ certified: 1, certified_at: now }).where('id', '=', record.customer_id as number).where('certified', '=', 0).execute();
      if (note) await trx.updateTable('resident_certification').set({ audit_note: note }).where('id', '=', id).execute();
    } else if (action === 'reject') {
      await trx.updateTable('resident_certification').set({ audit_note: note }).where('id', '=', id).execute();
    } else if (action === 'remind') {
      await remind(app, trx, record);
    }
  },
};
