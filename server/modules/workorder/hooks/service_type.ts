import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound, ok } from '../../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';

interface Node {
  id: number;
  parent_id: number | null;
  name: string;
  kind: string;
  enabled: number;
  work_hours: number | null;
  response_minutes: number | null;
}

const load = async (db: AnyDB, id: unknown): Promise<Node | undefined> =>
  (await db.selectFrom('service_type').select(['id', 'parent_id', 'name', 'kind', 'enabled', 'work_hours', 'response_minutes']).where('id', '=', id).executeTakeFirst()) as Node | undefined;

/** AI labels: the keywords that point an order's words to this type, at most 20 of 1 to 10 characters. */
function checkLabels(value: unknown): void {
  if (value === null || value === undefined) return;
  if (!Array.isArray(value) || value.length > 20) throw badRequest('AI 标签最多 20 个');
  const seen = new Set<string>();
  for (const label of value) {
    if (typeof label !== 'string' || !label.trim() || label.trim().length > 10) throw badRequest('每个 AI 标签为 1 到 10 个字');
    if (seen.has(label.trim())) throw badRequest(`AI 标签「${label.trim()}」重复`);
    seen.add(label.trim());
  }
}

/**
 * Service categories and types (/home_task/serverType): two levels, a category (工单类型 of its
 * own) and its types; a type has its category's kind and the limits of its SLA (its own, or its
 * category's); processors must be staff who may handle work orders.
 */
async function checkType(db: AnyDB, id: number | null, merged: Row): Promise<void> {
  if (merged.parent_id) {
    const parent = await load(db, merged.parent_id);
    if (!parent) throw badRequest('所属服务类别不存在或已被删除');
    if (parent.parent_id) throw badRequest(`「${parent.name}」是服务类型，服务类型下不能再建下级`);
    if (id !== null && parent.id === id) throw badRequest('不能把服务类别放在自己之下');
    if (parent.kind !== merged.kind) throw badRequest(`服务类型的工单类型必须与服务类别「${parent.name}」一致`);
    if (id !== null && (await db.selectFrom('service_type').select('id').where('parent_id', '=', id).executeTakeFirst())) throw badRequest('该服务类别下还有服务类型，不能改为服务类型');
    if (merged.work_hours === null || merged.work_hours === undefined) {
      if (parent.work_hours === null) throw badRequest('请填写标准工时（小时）');
    }
    if (merged.response_minutes === null || merged.response_minutes === undefined) {
      if (parent.response_minutes === null) throw badRequest('请填写响应时限（分钟）');
    }
  } else if (id !== null) {
    const children = (await db.selectFrom('service_type').select('kind').where('parent_id', '=', id).execute()) as Row[];
    if (children.some((c) => c.kind !== merged.kind)) throw badRequest('该服务类别下已有服务类型，不能修改工单类型');
  }
  checkLabels(merged.ai_labels);
}

async function checkProcessors(db: AnyDB, ids: unknown): Promise<void> {
  if (!Array.isArray(ids) || !ids.length) return;
  const rows = (await db.selectFrom('staff').select(['id', 'name', 'enabled']).where('id', 'in', ids).execute()) as Row[];
  const disabled = rows.find((r) => !r.enabled);
  if (disabled) throw badRequest(`员工「${String(disabled.name)}」已停用，不能作为处理人`);
}

const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export const serviceTypeHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const merged = { ...(current ?? {}), ...values, ai_labels: values.ai_labels !== undefined ? parseJson(values.ai_labels) : parseJson(current?.ai_labels ?? null) };
    await checkType(trx, id, merged);
    if ('processor_ids' in values) await checkProcessors(trx, values.processor_ids);
  },

  async afterEnable({ trx, id, enabled }) {
    const node = (await load(trx, id))!;
    if (enabled === 1) {
      const parent = node.parent_id ? await load(trx, node.parent_id) : undefined;
      if (parent && !parent.enabled) throw badRequest(`服务类别「${parent.name}」已停用，请先启用服务类别`);
      return;
    }
    await trx.updateTable('service_type').set({ enabled: 0, updated_at: Date.now() }).where('parent_id', '=', id).execute();
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const idProp = { type: 'integer', minimum: 1 };

    /** Spec 7.5 service-type tree: categories with their types, for tree selects (only types are choices). */
    app.get(
      '/tree',
      { config: { btnCode: ['servertype:view', 'workorder:add', 'workorder:edit'] }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { kind: { type: 'string', maxLength: 32 } } } } },
      async (request) => {
        const { kind } = request.query as { kind?: string };
        let q = db.selectFrom('service_type').select(['id', 'parent_id', 'name', 'kind', 'work_hours', 'response_minutes']).where('enabled', '=', 1);
        if (kind) q = q.where('kind', '=', kind);
        const rows = (await q.orderBy('sort').orderBy('id').execute()) as Row[];
        const tree = rows
          .filter((r) => !r.parent_id)
          .map((c) => ({
            label: c.name,
            value: `c${String(c.id)}`,
            selectable: false,
            children: rows.filter((t) => t.parent_id === c.id).map((t) => ({ label: t.name, value: t.id, workHours: t.work_hours ?? c.work_hours, responseMinutes: t.response_minutes ?? c.response_minutes })),
          }))
          .filter((c) => c.children.length);
        return ok(tree);
      },
    );

    /** The separate setters of spec 7.5 (processors, AI labels, working hours): one aspect each, same checks as the form. */
    const setter = (path: string, properties: Record<string, unknown>, required: string[], apply: (trx: AnyDB, id: number, body: Row) => Promise<void>, message: string) =>
      app.post(path, { config: { btnCode: 'servertype:edit' }, schema: { body: { type: 'object', additionalProperties: false, required: ['id', ...required], properties: { id: idProp, ...properties } } } }, async (request) => {
        const body = request.body as Row;
        await db.transaction().execute(async (trx) => {
          const current = (await trx.selectFrom('service_type').selectAll().where('id', '=', body.id).executeTakeFirst()) as Row | undefined;
          if (!current) throw notFound('服务类型不存在或已被删除');
          await apply(trx, Number(body.id), { ...current, ...body });
          await trx.updateTable('service_type').set({ updated_at: Date.now() }).where('id', '=', body.id).execute();
        });
        return ok({ id: body.id }, message);
      });

    setter('/processors', { processor_ids: { type: 'array', maxItems: 50, uniqueItems: true, items: idProp } }, ['processor_ids'], async (trx, id, body) => {
      const ids = body.processor_ids as number[];
      const found = ids.length ? await trx.selectFrom('staff').select('id').where('id', 'in', ids).execute() : [];
      if (found.length !== ids.length) throw badRequest('处理人不存在或已被删除');
      await checkProcessors(trx, ids);
      await trx.deleteFrom('service_type_processor').where('service_type_id', '=', id).execute();
      for (const staffId of ids) await trx.insertInto('service_type_processor').values({ service_type_id: id, staff_id: staffId }).execute();
    }, '处理人已保存');

    setter('/aiLabels', { ai_labels: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 10 } } }, ['ai_labels'], async (trx, id, body) => {
      checkLabels(body.ai_labels);
      const labels = (body.ai_labels as string[]).map((l) => l.trim());
      await trx.updateTable('service_type').set({ ai_labels: JSON.stringify(labels) }).where('id', '=', id).execute();
    }, 'AI 标签已保存');

    setter('/workHours', { work_hours: { type: 'number', minimum: 0.5, maximum: 720 }, response_minutes: { type: 'integer', minimum: 5, maximum: 10080 } }, ['work_hours', 'response_minutes'], async (trx, id, body) => {
      if (!body.parent_id) throw conflict('标准工时请设置在服务类型上（服务类别的工时是其下类型的默认值，请在编辑中修改）');
      await trx.updateTable('service_type').set({ work_hours: body.work_hours, response_minutes: body.response_minutes }).where('id', '=', id).execute();
    }, '标准工时已保存');
  },
};
