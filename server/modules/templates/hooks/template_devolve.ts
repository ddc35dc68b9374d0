import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import { writeTimeline } from '../../../engine/resources/workflow.ts';
import { currentFormVersion, formVersion } from '../../../engine/runtimeForms.ts';
import { ApiError, badRequest, conflict, ok } from '../../../platform/http/envelope.ts';
import { RUNTIME_COMPONENTS } from '../../../../src/shared/runtimeForm.ts';
import { visibleRow } from '../../questionnaires/public.ts';
import { actionList, applyActions, TASK_ACTIONS } from '../actions.ts';

const DEVOLVE_BODY = {
  type: 'object',
  required: ['template_id', 'project_ids'],
  additionalProperties: false,
  properties: {
    template_id: { type: 'integer', minimum: 1 },
    project_ids: { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
    allow_edit: { type: 'boolean' },
    remark: { type: ['string', 'null'], maxLength: 200 },
  },
};
const ITEMS_QUERY = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 }, which: { enum: ['devolved', 'accepted'] } } };
const ID_QUERY = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } };
const DEVOLVE_MESSAGES: Record<string, string> = { template_id: '请选择作业模板', project_ids: '请选择下发项目', remark: '下发说明最多 200 字' };

/**
 * Devolution (下发) of templates to projects: headquarters sends a template's current version to
 * chosen projects; each project accepts it (its tasks then follow that version) or refuses it
 * with a reason. A template changed later reaches a project only when devolved again; the same
 * version is not sent twice while pending or accepted. A project adjusts its completion limit
 * only when the template was devolved with "项目可调整", and only within the range the template
 * allows (sla_min_hours–sla_max_hours, copied onto the devolution so a later template change
 * reaches the project only when devolved again).
 */
export const templateDevolveHooks: ResourceHooks = {
  async beforeSave({ id, values, current }) {
    if (id === null || !current) throw badRequest('模板请通过「下发模板」发送到项目');
    for (const key of Object.keys(values)) if (key !== 'sla_hours' && key !== 'actions') delete values[key];
    // The actions its tasks allow: a project may drop some of what the template allows, never add.
    if ('actions' in values) {
      if (current.status !== 'accepted') throw conflict('接收模板后才能调整');
      const allowed = actionList(current.template_actions);
      const wanted = actionList(values.actions);
      const added = wanted.filter((a) => !allowed.includes(a));
      if (added.length) throw conflict(`模板未允许「${added.map((a) => TASK_ACTIONS[a as keyof typeof TASK_ACTIONS]).join('、')}」，项目只能在模板允许的操作中取舍`);
      values.actions = JSON.stringify(wanted);
      if (!('sla_hours' in values)) return;
    }
    if (!current.allow_edit) throw conflict('该模板下发时不允许项目调整');
    if (current.status !== 'accepted') throw conflict('接收模板后才能调整');
    // Within the range the template allowed when this version was devolved (kept on the devolution).
    const hours = values.sla_hours as number | null | undefined;
    const [min, max] = [current.sla_min_hours as number | null, current.sla_max_hours as number | null];
    if (hours == null) throw badRequest('请填写项目完成时限');
    if (min == null || max == null) throw conflict('该模板未设定项目可调的完成时限范围，项目不能调整');
    if (hours < min || hours > max) throw badRequest(`完成时限须在模板允许的 ${min}–${max} 小时之间`);
  },

  async afterSave({ trx, id, values, created }) {
    if (created || !('actions' in values)) return;
    const row = (await trx.selectFrom('template_devolve').select(['template_id', 'project_id']).where('id', '=', id).executeTakeFirstOrThrow()) as Row;
    await applyActions(trx, row.template_id as number, row.project_id as number, actionList(values.actions));
  },

  async afterTransition({ trx, staff, id, action, record }) {
    await trx.updateTable('template_devolve').set({ handled_by: staff.id }).where('id', '=', id).execute();
    if (action !== 'accept') return;
    const template = (await trx.selectFrom('work_template').select('sla_hours').where('id', '=', record.template_id as number).executeTakeFirstOrThrow()) as Row;
    await trx.updateTable('template_devolve').set({ accepted_version: record.version, sla_hours: record.sla_hours ?? template.sla_hours }).where('id', '=', id).execute();
    // From now on the project's plans and open tasks of the template allow what this version does.
    await applyActions(trx, record.template_id as number, record.project_id as number, actionList(record.actions));
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;

    app.post(
      '/devolve',
      {
        config: { btnCode: 'devolve:add' },
        schema: { body: DEVOLVE_BODY },
        schemaErrorFormatter: (errors) => {
          const e = errors[0]!;
          const name = e.keyword === 'required' ? String(e.params.missingProperty) : e.instancePath.split('/')[1] ?? '';
          return new ApiError(400, DEVOLVE_MESSAGES[name] ?? '下发内容格式不正确');
        },
      },
      async (request) => {
        const staff = request.staff!;
        const body = request.body as { template_id: number; project_ids: number[]; allow_edit?: boolean; remark?: string | null };
        const visible = await visibleProjectIds(app.db, staff);
        if (body.project_ids.some((p) => !visible.includes(p))) throw new ApiError(403, '不能下发到权限范围以外的项目');
        const now = Date.now();
        const count = await db.transaction().execute(async (trx) => {
          const template = (await trx.selectFrom('work_template').select(['name', 'enabled', 'sla_min_hours', 'sla_max_hours', 'actions']).where('id', '=', body.template_id).executeTakeFirst()) as Row | undefined;
          if (!template) throw badRequest('作业模板不存在或已被删除');
          if (!template.enabled) throw conflict(`模板「${String(template.name)}」已停用，不能下发`);
          // A project may adjust only what the template allows: without a range, nothing.
          const adjustable = template.sla_min_hours != null && template.sla_max_hours != null;
          if (body.allow_edit && !adjustable) throw conflict(`模板「${String(template.name)}」未设定项目可调的完成时限范围，不能允许项目调整`);
          const version = (await currentFormVersion(trx, 'work_template', body.template_id, 'form'))!.version;
          const projects = new Map(((await trx.selectFrom('org').select(['id', 'name']).where('id', 'in', body.project_ids).execute()) as Row[]).map((p) => [p.id as number, String(p.name)]));
          for (const projectId of body.project_ids) {
            const existing = (await trx.selectFrom('template_devolve').selectAll().where('template_id', '=', body.template_id).where('project_id', '=', projectId).executeTakeFirst()) as Row | undefined;
            if (existing && existing.version === version && existing.status !== 'refused') {
              throw conflict(`「${projects.get(projectId)}」${existing.status === 'pending' ? '待接收' : '已接收'}该模板的第 ${version} 版，无需重复下发`);
            }
            const range = body.allow_edit ? { sla_min_hours: template.sla_min_hours as number, sla_max_hours: template.sla_max_hours as number } : { sla_min_hours: null, sla_max_hours: null };
            // The template's actions as they stand now; the project starts with all of them and may drop some once accepted.
            const actions = JSON.stringify(actionList(template.actions));
            const fields = { template_name: template.name, version, template_actions: actions, actions, allow_edit: body.allow_edit ? 1 : 0, ...range, remark: body.remark ?? null, devolved_by: staff.id, devolved_at: now, handled_by: null, handled_at: null, status: 'pending', state_at: now, updated_at: now };
            let id = existing?.id as number | undefined;
            if (id) await trx.updateTable('template_devolve').set(fields).where('id', '=', id).execute();
            else id = ((await trx.insertInto('template_devolve').values({ ...fields, template_id: body.template_id, project_id: projectId, created_by: staff.id, created_at: now }).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
            await writeTimeline(trx, 'template_devolve', { id, action: existing ? 'redevolve' : 'create', from: (existing?.status as string | undefined) ?? null, to: 'pending', note: `下发第 ${version} 版${body.remark ? `：${body.remark}` : ''}` }, staff);
          }
          return body.project_ids.length;
        });
        return ok({ count }, `已下发到 ${count} 个项目，待项目接收`);
      },
    );

    // The check items of the version devolved, or of the one the project runs (accepted).
    app.get('/items', { config: { btnCode: ['devolve:view', 'devolve:accept'] }, schema: { querystring: ITEMS_QUERY } }, async (request) => {
      const { id, which } = request.query as { id: number; which?: 'devolved' | 'accepted' };
      const row = await visibleRow(app, 'template_devolve', id, request.staff!, '下发记录');
      const version = (which === 'accepted' ? row.accepted_version : row.version) as number | null;
      if (!version) return ok([]);
      const form = await formVersion(db, 'work_template', row.template_id as number, 'form', version);
      return ok((form?.items ?? []).map((item, i) => ({ no: i + 1, label: item.label, componentText: RUNTIME_COMPONENTS[item.component], requiredText: item.required ? '是' : '否', optionsText: (item.options ?? []).join('、'), version: `第 ${version} 版` })));
    });

    // The project's plans that use the devolved template.
    app.get('/plans', { config: { btnCode: ['devolve:view', 'devolve:accept'] }, schema: { querystring: ID_QUERY } }, async (request) => {
      const { id } = request.query as { id: number };
      const row = await visibleRow(app, 'template_devolve', id, request.staff!, '下发记录');
      const plans = await db
        .selectFrom('work_plan')
        .leftJoin('staff', 'staff.id', 'work_plan.assignee_id')
        .select(['work_plan.id', 'work_plan.name', 'work_plan.period', 'work_plan.start_date', 'work_plan.end_date', 'work_plan.enabled', 'staff.name as assignee'])
        .where('work_plan.project_id', '=', row.project_id as number)
        .where('work_plan.template_id', '=', row.template_id as number)
        .orderBy('work_plan.id')
        .execute();
      const PERIOD: Record<string, string> = { day: '每日', week: '每周', month: '每月', fixed: '固定日期' };
      return ok(plans.map((p) => ({ ...p, periodText: PERIOD[p.period as string] ?? p.period, enabledText: p.enabled ? '启用' : '停用' })));
    });
  },
};
