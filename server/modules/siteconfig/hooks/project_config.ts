import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import { badRequest, notFound, ok } from '../../../platform/http/envelope.ts';
import type { StaffContext } from '../../../platform/types.ts';
import { keyRow, loadKeys, logChange, normaliseValue, projectForm, projectValues, resolveValue, typedValue, type ConfigKey } from '../params.ts';

async function projectKey(trx: AnyDB, id: number): Promise<ConfigKey> {
  const row = await trx.selectFrom('config_key').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !row.enabled) throw badRequest('参数不存在或已停用');
  const key = keyRow(row as Row);
  if (!key.project_scope) throw badRequest(`参数「${key.name}」为全局参数，不能按项目设置`);
  return key;
}

async function visibleProjects(db: AnyDB, staff: StaffContext, ids: number[]): Promise<{ id: number; name: string }[]> {
  const allowed = new Set(await visibleProjectIds(db as never, staff));
  const rows = ids.length ? await db.selectFrom('org').select(['id', 'name']).where('type', '=', 'project').where('id', 'in', ids).execute() : [];
  for (const id of ids) if (!rows.some((r) => r.id === id) || !allowed.has(id)) throw notFound('项目不存在或不在您的数据范围内');
  return rows as { id: number; name: string }[];
}

/**
 * A project's own value of a parameter (项目参数): of the parameter's type and allowed values,
 * only for parameters projects may override, each change logged with before and after. Its
 * routes serve /setProject (the form generated from the parameters), the batch view
 * (/opearator-manager/projectConfigurations) and the effective value of a key.
 */
export const projectConfigHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current, staff }) {
    const key = await projectKey(trx, (values.config_key_id ?? current?.config_key_id) as number);
    if (current && values.config_key_id != null && values.config_key_id !== current.config_key_id) throw badRequest('不能修改参数，请删除后重新设置');
    if ('value' in values) values.value = normaliseValue(key, values.value);
    if (id !== null && current && 'value' in values) await logChange(trx, { projectId: current.project_id as number, keyId: key.id, before: current.value as string, after: values.value as string, staffId: staff.id });
  },

  async afterSave({ trx, id, created, staff }) {
    if (!created) return;
    const row = await trx.selectFrom('project_config').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await logChange(trx, { projectId: row.project_id as number, keyId: row.config_key_id as number, before: null, after: row.value as string, staffId: staff.id });
  },

  async beforeDelete({ trx, ids, staff }) {
    for (const row of await trx.selectFrom('project_config').selectAll().where('id', 'in', ids).execute()) {
      await logChange(trx, { projectId: row.project_id as number, keyId: row.config_key_id as number, before: row.value as string, after: null, staffId: staff.id });
    }
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;

    /** /setProject: the project's parameters as a form, its current effective values and where each comes from. */
    app.get('/projectForm', { config: { btnCode: 'projectConfig:view' }, schema: { querystring: { type: 'object', required: ['projectId'], properties: { projectId: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { projectId } = request.query as { projectId: number };
      const [project] = await visibleProjects(db, request.staff!, [projectId]);
      const keys = (await loadKeys(db)).filter((k) => k.project_scope);
      const own = (await projectValues(db, [projectId])).get(projectId) ?? new Map<number, string>();
      const values: Record<string, unknown> = {};
      const sources: Record<string, { source: string; inherited: string; own: string | null }> = {};
      for (const k of keys) {
        const { text, source } = resolveValue(k, own.get(k.id));
        values[k.key] = typedValue(k, text);
        sources[k.key] = { source, inherited: resolveValue(k, null).text, own: own.get(k.id) ?? null };
      }
      return ok({ project, form: projectForm(keys), values, sources });
    });

    /**
     * /setProject's save: each key's new value; one equal to what the project would inherit (or
     * null) removes the project's own value, so a later company-wide change reaches it.
     */
    app.post('/saveProject', {
      config: { btnCode: 'projectConfig:set' },
      schema: { body: { type: 'object', required: ['projectId', 'values'], additionalProperties: false, properties: { projectId: { type: 'integer', minimum: 1 }, values: { type: 'object', maxProperties: 60, additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 200 } } } } },
    }, async (request) => {
      const { projectId, values } = request.body as { projectId: number; values: Record<string, unknown> };
      await visibleProjects(db, request.staff!, [projectId]);
      const staff = request.staff!;
      const changed = await db.transaction().execute(async (trx) => {
        const keys = new Map((await loadKeys(trx)).map((k) => [k.key, k]));
        const own = (await projectValues(trx, [projectId])).get(projectId) ?? new Map<number, string>();
        let count = 0;
        for (const [name, raw] of Object.entries(values)) {
          const key = keys.get(name);
          if (!key || !key.project_scope) throw badRequest(`参数「${name}」不存在或不能按项目设置`);
          const next = raw === null || raw === '' ? null : normaliseValue(key, raw);
          count += await setOwn(trx, staff, projectId, key, own.get(key.id) ?? null, next === resolveValue(key, null).text ? null : next);
        }
        return count;
      });
      return ok({ changed }, changed ? `已保存 ${changed} 项参数` : '参数没有变化');
    });

    /** 批量设置: one parameter's value for several projects at once, all or none. */
    app.post('/batchSet', {
      config: { btnCode: 'projectConfig:set' },
      schema: { body: { type: 'object', required: ['configKeyId', 'projectIds', 'value'], additionalProperties: false, properties: { configKeyId: { type: 'integer', minimum: 1 }, projectIds: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: { type: 'integer', minimum: 1 } }, value: { type: ['string', 'number', 'boolean', 'null'], maxLength: 200 } } } },
    }, async (request) => {
      const { configKeyId, projectIds, value } = request.body as { configKeyId: number; projectIds: number[]; value: unknown };
      await visibleProjects(db, request.staff!, projectIds);
      const staff = request.staff!;
      const changed = await db.transaction().execute(async (trx) => {
        const key = await projectKey(trx, configKeyId);
        const next = value === null || value === '' ? null : normaliseValue(key, value);
        const own = await projectValues(trx, projectIds);
        let count = 0;
        for (const p of projectIds) count += await setOwn(trx, staff, p, key, own.get(p)?.get(key.id) ?? null, next);
        return count;
      });
      return ok({ changed }, `已为 ${projectIds.length} 个项目设置参数`);
    });

    /** The batch view: every visible project with every parameter's effective value and its source. */
    app.get('/overview', { config: { btnCode: 'projectConfig:view' } }, async (request) => {
      const ids = await visibleProjectIds(db as never, request.staff!);
      const projects = ids.length ? await db.selectFrom('org').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute() : [];
      const keys = (await loadKeys(db)).filter((k) => k.project_scope);
      const own = await projectValues(db, ids);
      const rows = projects.map((p) => {
        const cells: Record<string, { value: unknown; source: string }> = {};
        for (const k of keys) {
          const { text, source } = resolveValue(k, own.get(p.id as number)?.get(k.id));
          cells[k.key] = { value: typedValue(k, text), source };
        }
        return { id: p.id, name: p.name, cells };
      });
      return ok({ keys: keys.map((k) => ({ id: k.id, key: k.key, name: k.name, value_type: k.value_type, options: k.options })), rows });
    });

    /** One parameter's effective value for a project (project over company over default). */
    app.get('/effective', { config: { btnCode: 'projectConfig:view' }, schema: { querystring: { type: 'object', required: ['projectId', 'key'], properties: { projectId: { type: 'integer', minimum: 1 }, key: { type: 'string', maxLength: 32 } } } } }, async (request) => {
      const { projectId, key } = request.query as { projectId: number; key: string };
      await visibleProjects(db, request.staff!, [projectId]);
      const row = await db.selectFrom('config_key').selectAll().where('key', '=', key).where('enabled', '=', 1).executeTakeFirst();
      if (!row) throw notFound('参数不存在或已停用');
      const k = keyRow(row as Row);
      const own = (await projectValues(db, [projectId])).get(projectId)?.get(k.id);
      const { text, source } = resolveValue(k, own);
      return ok({ key, value: typedValue(k, text), source });
    });
  },
};

/** Writes (or removes, with null) a project's own value, logging the change; answers 1 when something changed. */
async function setOwn(trx: AnyDB, staff: StaffContext, projectId: number, key: ConfigKey, before: string | null, after: string | null): Promise<number> {
  if (before === after) return 0;
  const now = Date.now();
  if (after === null) await trx.deleteFrom('project_config').where('project_id', '=', projectId).where('config_key_id', '=', key.id).execute();
  else if (before === null) await trx.insertInto('project_config').values({ project_id: projectId, config_key_id: key.id, value: after, created_by: staff.id, created_at: now, updated_at: now }).execute();
  else await trx.updateTable('project_config').set({ value: after, updated_at: now }).where('project_id', '=', projectId).where('config_key_id', '=', key.id).execute();
  await logChange(trx, { projectId, keyId: key.id, before, after, staffId: staff.id });
  return 1;
}
