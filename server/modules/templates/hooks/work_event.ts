import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import { writeTimeline } from '../../../engine/resources/workflow.ts';
import { checkValues, defaults, toColumns } from '../../../engine/resources/values.ts';
import { bodySchema, resourceErrorFormatter } from '../../../engine/validation.ts';
import { formVersion } from '../../../engine/runtimeForms.ts';
import { ApiError, badRequest, ok } from '../../../platform/http/envelope.ts';
import type { StaffContext } from '../../../platform/types.ts';
import type { ResourceDef } from '../../../../src/shared/schemaTypes.ts';
import type { Answers, RuntimeForm } from '../../../../src/shared/runtimeForm.ts';
import { intakeWorkOrder } from '../../workorder/public.ts';
import { visibleRow } from '../../questionnaires/public.ts';
import { nextSequenceCode } from '../../../engine/codes.ts';

const ID_QUERY = { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } };
/** An event's urgency as the work order's. */
const PRIORITY: Record<string, 'urgent' | 'high' | 'normal'> = { urgent: 'urgent', important: 'high', normal: 'normal' };

/** The next event code of the day: EV + yyyymmdd + a four-digit sequence. */
async function nextEventCode(db: AnyDB, now: number): Promise<string> {
  const d = new Date(now);
  const day = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  return nextSequenceCode(db, 'work_event', `EV${day}`, 4);
}

/** A new event's template must be an enabled event template; it gets its code, reporter and time. */
async function completeEvent(trx: AnyDB, values: Row, staff: StaffContext): Promise<void> {
  const template = (await trx.selectFrom('work_template').select(['kind', 'enabled', 'name']).where('id', '=', values.template_id as number).executeTakeFirst()) as Row | undefined;
  if (!template) throw badRequest('事件模板不存在或已被删除');
  if (template.kind !== 'event') throw badRequest(`「${String(template.name)}」不是事件模板，请选择事件类模板`);
  if (!template.enabled) throw badRequest(`事件模板「${String(template.name)}」已停用`);
  const now = Date.now();
  Object.assign(values, { code: await nextEventCode(trx, now), reporter_id: staff.id, reported_at: now, channel: values.channel ?? 'console' });
}

/**
 * Events reported ad hoc: from the console (add) or by staff in the app (/report, their own
 * project, the template's form required); handled, closed, or converted into a work order
 * through the work-order module's intake, which the event then names.
 */
export const workEventHooks: ResourceHooks = {
  async beforeSave({ trx, staff, id, values }) {
    if (id === null) await completeEvent(trx, values, staff);
  },

  async afterTransition({ trx, app, staff, id, action, record }) {
    if (action === 'handle') await trx.updateTable('work_event').set({ handler_id: staff.id }).where('id', '=', id).execute();
    if (action !== 'convert') return;
    const photos = record.photos ? (JSON.parse(String(record.photos)) as string[]) : [];
    const event = (await trx.selectFrom('work_event').select('order_kind').where('id', '=', id).executeTakeFirstOrThrow()) as Row;
    const order = await intakeWorkOrder(app, trx, staff, {
      project_id: record.project_id as number,
      kind: String(event.order_kind),
      title: String(record.title),
      content: `${String(record.description)}（事件 ${String(record.code)}）`,
      source: 'staff',
      priority: PRIORITY[String(record.level)] ?? 'normal',
      address: record.location as string,
      photos,
      origin: `由事件 ${String(record.code)} 转入`,
    });
    await trx.updateTable('work_event').set({ work_order_id: order.id, work_order_code: order.code, handler_id: staff.id }).where('id', '=', id).execute();
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const def = app.catalogue.resources.get('work_event') as ResourceDef;
    const body = bodySchema(def, 'add') as { properties: Record<string, unknown>; required?: string[] };
    const reportBody = { ...body, required: [...(body.required ?? []).filter((n) => n !== 'project_id'), 'answers'] };

    // The staff app's report: the reporter's own project unless they name one they work in.
    app.post('/report', { config: { btnCode: 'event:report' }, schema: { body: reportBody }, schemaErrorFormatter: resourceErrorFormatter(def) }, async (request) => {
      const staff = request.staff!;
      const sent = request.body as Row;
      const visible = await visibleProjectIds(app.db, staff);
      const projectId = (sent.project_id as number | undefined) ?? staff.orgId;
      if (!visible.includes(projectId as number)) throw new ApiError(403, '只能上报本人所在项目的事件');
      const values: Row = { ...toColumns(def, defaults(def)), ...toColumns(def, sent), project_id: projectId, channel: 'app', status: def.workflow!.initial, state_at: Date.now() };
      const now = Date.now();
      const saved = await db.transaction().execute(async (trx) => {
        await checkValues(trx, def, values, null);
        await completeEvent(trx, values, staff);
        const row = (await trx.insertInto('work_event').values({ ...values, created_by: staff.id, created_at: now, updated_at: now }).returning(['id', 'code']).executeTakeFirstOrThrow()) as { id: number; code: string };
        await writeTimeline(trx, 'work_event', { id: row.id, action: 'create', from: null, to: def.workflow!.initial, note: '员工 App 上报' }, staff);
        return row;
      });
      return ok(saved, `事件已上报，编号 ${saved.code}`);
    });

    // The template's form with the event's answers, as rows of the detail page.
    app.get('/answers', { config: { btnCode: ['event:view', 'event:report'] }, schema: ID_QUERY }, async (request) => {
      const { id } = request.query as { id: number };
      const event = await visibleRow(app, 'work_event', id, request.staff!, '事件');
      if (!event.answers || !event.form_version) return ok([]);
      const form = (await formVersion(db, 'work_template', event.template_id as number, 'form', event.form_version as number)) as RuntimeForm | null;
      const answers = JSON.parse(String(event.answers)) as Answers;
      return ok((form?.items ?? []).map((item, i) => ({ no: i + 1, label: item.label, answer: answerText(answers[item.key]) })));
    });
  },
};

const answerText = (value: unknown): string => (value === undefined || value === null || value === '' ? '—' : Array.isArray(value) ? value.join('、') : String(value));
