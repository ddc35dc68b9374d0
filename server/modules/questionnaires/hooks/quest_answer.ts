import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import type { StaffContext } from '../../../platform/types.ts';
import { intakeWorkOrder, type OrderIntake } from '../../workorder/public.ts';
import { formVersion } from '../../../engine/runtimeForms.ts';
import { badRequest, conflict, ok } from '../../../platform/http/envelope.ts';
import type { Answers, RuntimeForm } from '../../../../src/shared/runtimeForm.ts';
import { visibleRow } from '../public.ts';

/** Whether any answer chose an option the form flags for a follow-up (预警选项). */
export function alarmOf(form: RuntimeForm, answers: Answers): boolean {
  return form.items.some((item) => item.alarm?.length && [answers[item.key]].flat().some((v) => item.alarm!.includes(String(v))));
}

/**
 * Answer sheets: taken only for a published questionnaire within its time window and in its
 * project; the steward who filled it, the time, and whether it needs a follow-up call are set
 * here, and the questionnaire's count of answers follows.
 */
export const questAnswerHooks: ResourceHooks = {
  async beforeSave({ trx, staff, id, values }) {
    if (id !== null) return;
    const quest = await trx.selectFrom('quest').select(['name', 'status', 'project_id', 'start_time', 'end_time']).where('id', '=', values.quest_id as number).executeTakeFirstOrThrow();
    if (quest.status !== 'published') throw conflict(`问卷「${quest.name}」不在进行中，不能填写`);
    const now = Date.now();
    if (now < quest.start_time) throw conflict(`问卷「${quest.name}」尚未开始`);
    if (now > quest.end_time) throw conflict(`问卷「${quest.name}」已过截止时间`);
    if (values.project_id !== quest.project_id) throw badRequest('答卷的项目须与问卷所属项目一致');
    const form = await formVersion(trx, 'quest', values.quest_id as number, 'form', values.form_version as number);
    const alarm = alarmOf(form!, JSON.parse(String(values.answers)) as Answers);
    Object.assign(values, { filled_by: staff.id, answered_at: now, alarm: alarm ? 1 : 0, followup: alarm ? 'todo' : null, followup_note: null });
  },

  async afterSave({ trx, values, created }) {
    if (created) await trx.updateTable('quest').set((eb) => ({ answer_count: eb(eb.fn.coalesce('answer_count', eb.val(0)), '+', 1) })).where('id', '=', values.quest_id as number).execute();
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    // One answer sheet with the version of the questionnaire it was given for (/quest-see).
    app.get('/sheet', { config: { btnCode: ['questAnswer:view', 'quest:view'] }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { id } = request.query as { id: number };
      const answer = await visibleRow(app, 'quest_answer', id, request.staff!, '答卷');
      const quest = await db.selectFrom('quest').select(['name', 'description']).where('id', '=', answer.quest_id as number).executeTakeFirstOrThrow();
      const staff = await db.selectFrom('staff').select('name').where('id', '=', answer.filled_by as number).executeTakeFirst();
      const form = await formVersion(db, 'quest', answer.quest_id as number, 'form', answer.form_version as number);
      return ok({ ...answer, answers: JSON.parse(String(answer.answers)), quest_name: quest.name, description: quest.description, filled_by_name: staff?.name ?? null, form });
    });
    // The follow-up call of a flagged answer is done: its result is kept (/quest-manager/playbackCustomer);
    // what the customer still needs done becomes a work order through the work-order intake.
    app.post(
      '/followup',
      {
        config: { btnCode: 'questAnswer:followup' },
        schema: {
          body: {
            type: 'object',
            required: ['id', 'followup_note'],
            additionalProperties: false,
            properties: { id: { type: 'integer', minimum: 1 }, followup_note: { type: 'string', minLength: 1, maxLength: 300 }, order_kind: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_]{1,32}$' }, order_priority: { type: ['string', 'null'], enum: ['urgent', 'high', 'normal', 'low', null] } },
          },
        },
      },
      async (request) => {
        const { id, followup_note, order_kind, order_priority } = request.body as { id: number; followup_note: string; order_kind?: string | null; order_priority?: OrderIntake['priority'] | null };
        if (!followup_note.trim()) throw badRequest('请填写回访结果');
        const answer = await visibleRow(app, 'quest_answer', id, request.staff!, '答卷');
        return db.transaction().execute(async (trx) => {
          const order = order_kind ? await answerOrder(app, trx, request.staff!, answer, followup_note.trim(), order_kind, order_priority ?? 'normal') : null;
          // Only a flagged answer still waiting is moved: one statement, so two callers cannot both complete it.
          const moved = await trx
            .updateTable('quest_answer')
            .set({ followup: 'done', followup_note: followup_note.trim(), work_order_code: order?.code ?? null, updated_at: Date.now() })
            .where('id', '=', id)
            .where('followup', '=', 'todo')
            .executeTakeFirst();
          if (!Number(moved.numUpdatedRows)) throw conflict('该答卷不需要回访或已回访');
          return ok({ id, workOrderCode: order?.code ?? null }, order ? `回访已完成，已生成工单 ${order.code}` : '回访已完成');
        });
      },
    );
  },
};

/** The work order a call-back leaves: in the answer's project, the customer and the call's result as its content. */
async function answerOrder(app: FastifyInstance, trx: AnyDB, staff: StaffContext, answer: Row, note: string, kind: string, priority: OrderIntake['priority']) {
  const quest = await trx.selectFrom('quest').select('name').where('id', '=', answer.quest_id as number).executeTakeFirstOrThrow();
  return intakeWorkOrder(app, trx, staff, {
    project_id: answer.project_id as number,
    kind,
    title: `问卷回访：${String(answer.respondent)}`.slice(0, 50),
    content: `${note}（问卷「${String(quest.name)}」${answer.house_name ? `，${String(answer.house_name)}` : ''}）`.slice(0, 500),
    source: 'staff',
    priority,
    // The answer's house is where to go (the intake refuses an order with no place).
    address: (answer.house_name as string | null) ?? null,
    origin: `由问卷「${String(quest.name)}」回访转入`,
  });
}
