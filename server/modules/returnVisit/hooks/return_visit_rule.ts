import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { dictItems } from '../../../engine/resources/values.ts';
import { badRequest, ok } from '../../../platform/http/envelope.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import { staffWithButton } from '../../org/public.ts';

/** Rules that generate return visits: the order kinds must be kinds, the questionnaire in use, the visitor active. */
export const returnVisitRuleHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    if ('kinds' in values) {
      const kinds = values.kinds === null ? [] : (JSON.parse(String(values.kinds)) as unknown);
      if (!Array.isArray(kinds)) throw badRequest('回访的工单类型格式不正确');
      const known = new Set((await dictItems(trx, 'work_order_kind')).map((i) => i.value));
      const stranger = kinds.find((k) => !known.has(String(k)));
      if (stranger !== undefined) throw badRequest(`工单类型「${String(stranger)}」不存在`);
      values.kinds = JSON.stringify([...new Set(kinds.map(String))]);
    }
    const merged = { ...(current ?? {}), ...values };
    if ('questionnaire_id' in values || !current) {
      const q = (await trx.selectFrom('questionnaire').select(['name', 'enabled', 'scene']).where('id', '=', merged.questionnaire_id).executeTakeFirst()) as Row | undefined;
      if (q && !q.enabled) throw badRequest(`问卷「${String(q.name)}」已停用，请选择启用中的问卷`);
    }
    if (merged.visitor_id && ('visitor_id' in values || !current)) {
      const visitor = (await trx.selectFrom('staff').select(['name', 'enabled']).where('id', '=', merged.visitor_id).executeTakeFirst()) as Row | undefined;
      if (visitor && !visitor.enabled) throw badRequest(`员工「${String(visitor.name)}」已停用，不能作为回访人`);
    }
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    /** Who may be named the visitor of a project's rule: its staff who may carry out return visits. */
    app.get(
      '/visitors',
      {
        config: { btnCode: ['returnrule:add', 'returnrule:edit'] },
        schema: { querystring: { type: 'object', additionalProperties: false, required: ['projectId'], properties: { projectId: { type: 'integer', minimum: 1 } } } },
      },
      async (request) => {
        const { projectId } = request.query as { projectId: number };
        if (!(await visibleProjectIds(app.db, request.staff!)).includes(projectId)) return ok([]);
        return ok((await staffWithButton(db, projectId, ['returnvisit:do'])).map((p) => ({ label: p.name, value: p.id })));
      },
    );
  },
};
