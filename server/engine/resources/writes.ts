import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, conflict, ok } from '../../platform/http/envelope.ts';
import { maskPersonalText } from '../../platform/http/personalData.ts';
import type { Row, SaveAnswer } from '../hooks.ts';
import { visibleProjectIds } from '../scope.ts';
import { bodySchema } from '../validation.ts';
import type { ResourceContext } from './context.ts';
import { checkValues, defaults, toColumns } from './values.ts';
import { writeTimeline } from './workflow.ts';
import { checkAudiences } from '../audience.ts';
import { keepFormVersions } from '../runtimeForms.ts';

const idsBody = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: { ids: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: { type: 'integer', minimum: 1 } } },
};

/**
 * An edit form shows what the detail answered, masked (issue 40): a masked value sent back as it
 * was answered means "unchanged", so the stored value takes its place before validation. Any
 * other value with the mask's asterisks fails validation like any malformed value.
 */
function keepMaskedValues(ctx: ResourceContext) {
  const texts = ctx.fields.filter(([, f]) => f.type === 'string' || f.type === 'text').map(([n]) => n);
  return async (request: FastifyRequest) => {
    const body = request.body as Row | undefined;
    if (!body || typeof body !== 'object' || !Number.isInteger(body.id)) return;
    const sent = texts.filter((n) => typeof body[n] === 'string' && (body[n] as string).includes('*'));
    if (!sent.length) return;
    const current = (await ctx.db.selectFrom(ctx.table).select(sent).where('id', '=', body.id as number).executeTakeFirst()) as Row | undefined;
    if (!current) return;
    for (const name of sent) {
      const stored = current[name];
      if (typeof stored !== 'string') continue;
      const shown = maskPersonalText(ctx.masked({ [name]: stored })[name] as string);
      if (body[name] === shown) body[name] = stored;
    }
  };
}

/** Add, update, delete and enable, each in one transaction with the resource's hooks. */
export function registerWrites(ctx: ResourceContext): void {
  const { app, db, resource, hooks, table, p, errorFormatter } = ctx;

  if (p.add) {
    app.post('/add', { config: { btnCode: p.add }, schema: { body: bodySchema(resource, 'add') }, schemaErrorFormatter: errorFormatter }, async (request) => {
      const body = request.body as Row;
      const staff = request.staff!;
      // Defaults are stored like sent values (a boolean default as 0 or 1).
      const values = { ...toColumns(resource, defaults(resource)), ...toColumns(resource, body) };
      if (resource.workflow) Object.assign(values, { [resource.workflow.field]: resource.workflow.initial, state_at: Date.now() });
      if (resource.scope === 'project') {
        const visible = await visibleProjectIds(app.db, staff); // before the transaction below
        if (!visible.includes(body.project_id as number)) throw new ApiError(403, '不能在权限范围以外的项目中新增记录');
        values.project_id = body.project_id;
      }
      const now = Date.now();
      const saved: { extra?: SaveAnswer } = {};
      const id = await db.transaction().execute(async (trx) => {
        await checkValues(trx, resource, values, null);
        await checkAudiences(trx, resource, values, staff);
        await hooks.beforeSave?.({ trx, staff, app, id: null, values, current: null });
        const inserted = await trx
          .insertInto(table)
          .values({ ...ctx.columnsOf(values), ...(resource.enable ? { enabled: 1 } : {}), created_by: staff.id, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = inserted.id as number;
        await ctx.writeLinks(trx, id, values);
        await keepFormVersions(trx, resource, id, values);
        if (resource.workflow) await writeTimeline(trx, table, { id, action: 'create', from: null, to: resource.workflow.initial, note: null }, staff);
        saved.extra = (await hooks.afterSave?.({ trx, staff, app, id, values, created: true })) || undefined;
        return id;
      });
      return ok({ id, ...saved.extra?.data }, saved.extra?.message ?? '新增成功');
    });
  }

  if (p.update) {
    app.post('/update', { config: { btnCode: p.update }, schema: { body: bodySchema(resource, 'update') }, schemaErrorFormatter: errorFormatter, preValidation: keepMaskedValues(ctx) }, async (request) => {
      const body = request.body as Row;
      const staff = request.staff!;
      const id = body.id as number;
      const saved: { extra?: SaveAnswer } = {};
      await db.transaction().execute(async (trx) => {
        const current = await ctx.findChangeable(id, staff, trx);
        const changes = toColumns(resource, body);
        if (resource.scope === 'project' && body.project_id !== undefined && body.project_id !== current.project_id) throw badRequest('不能修改所属项目；如需调整，请在新项目中重新新增');
        await checkValues(trx, resource, { ...current, ...changes }, id, changes);
        await checkAudiences(trx, resource, changes, staff);
        await hooks.beforeSave?.({ trx, staff, app, id, values: changes, current });
        await trx.updateTable(table).set({ ...ctx.columnsOf(changes), updated_at: Date.now() }).where('id', '=', id).execute();
        await ctx.writeLinks(trx, id, changes);
        await keepFormVersions(trx, resource, id, changes);
        saved.extra = (await hooks.afterSave?.({ trx, staff, app, id, values: changes, created: false })) || undefined;
      });
      return ok({ id, ...saved.extra?.data }, saved.extra?.message ?? '保存成功');
    });
  }

  if (p.delete) {
    app.post('/delete', { config: { btnCode: p.delete }, schema: { body: idsBody } }, async (request) => {
      const { ids } = request.body as { ids: number[] };
      await db.transaction().execute(async (trx) => {
        for (const id of ids) await ctx.findChangeable(id, request.staff!, trx);
        for (const guard of resource.deleteGuards ?? []) {
          const child = await trx.selectFrom(guard.resource).select(guard.field).where(guard.field, 'in', ids).executeTakeFirst();
          if (child) throw conflict(guard.message);
        }
        await hooks.beforeDelete?.({ trx, staff: request.staff!, app, ids });
        for (const [, f] of ctx.linkFields) if (!f.auto) await trx.deleteFrom(f.through!.table).where(f.through!.from, 'in', ids).execute();
        await trx.deleteFrom(table).where('id', 'in', ids).execute();
      });
      return ok({ count: ids.length }, '删除成功');
    });
  }

  if (resource.enable && p.enable) {
    app.post(
      '/enable',
      {
        config: { btnCode: p.enable },
        schema: { body: { type: 'object', required: ['id', 'enabled'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 }, enabled: { enum: [0, 1] } } } },
      },
      async (request) => {
        const { id, enabled } = request.body as { id: number; enabled: 0 | 1 };
        await db.transaction().execute(async (trx) => {
          await ctx.findChangeable(id, request.staff!, trx);
          await trx.updateTable(table).set({ enabled, updated_at: Date.now() }).where('id', '=', id).execute();
          await hooks.afterEnable?.({ trx, staff: request.staff!, app, id, enabled });
        });
        return ok({ id, enabled }, enabled ? '已启用' : '已停用');
      },
    );
  }
}
