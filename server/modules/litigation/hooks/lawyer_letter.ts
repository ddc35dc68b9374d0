import type { ResourceHooks } from '../../../engine/hooks.ts';
import { conflict } from '../../../platform/http/envelope.ts';
import { nextSequenceCode } from '../../../engine/codes.ts';

/**
 * 律师函 转诉讼: the letter becomes a fee case at the filing stage's start (律师函 stage), with
 * the owner, house, arrears and law firm carried over, its first responsible person the one who
 * moved it, and the letter linked to it.
 */
export const lawyerLetterHooks: ResourceHooks = {
  async afterTransition({ trx, staff, id, action, record, note }) {
    if (action !== 'toCase') return;
    if (record.case_id) throw conflict('该律师函已关联诉讼案件');
    const now = Date.now();
    const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    const code = await nextSequenceCode(trx, 'legal_case', `SS${day}`, 3);
    const created = (await trx
      .insertInto('legal_case')
      .values({
        code, direction: 'plaintiff', case_type: 'fee', cause: note || `业主${String(record.owner_name)}拖欠物业服务费，律师函（${String(record.letter_no)}）催告后仍未缴纳`, house_id: record.house_id ?? null,
        counterparty: record.owner_name, arrears_amount: record.arrears_amount, claim_amount: record.arrears_amount, law_firm: record.law_firm, lawyer: record.lawyer ?? null,
        owner_staff_id: staff.id, stage: 'letter', state_at: now, project_id: record.project_id, created_by: staff.id, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    await trx.updateTable('lawyer_letter').set({ case_id: created.id }).where('id', '=', id).execute();
  },
};
