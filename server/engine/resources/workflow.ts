import type { WorkflowTransition } from '../../../src/shared/schemaTypes.ts';
import { ApiError, badRequest, conflict, ok } from '../../platform/http/envelope.ts';
import type { StaffContext } from '../../platform/types.ts';
import { SYSTEM_ACTOR, type AnyDB, type Row } from '../hooks.ts';
import { describeIssue, fieldSchema } from '../validation.ts';
import { idQuery, type ResourceContext } from './context.ts';
import { checkValues, toColumns } from './values.ts';
import { checkRules } from './rules.ts';
import { compileInputValidator } from '../../platform/http/validators.ts';
import { actorRefusal, allowedRefusal, noteRefusal, stateRefusal } from './workflowGuards.ts';
import { buttonRefusal } from '../access/guards.ts';

/** What the toast says once a move is done, worded as staff would say it: 「处理完成」, not 「处理完成成功」. */
function doneMessage(transition: WorkflowTransition): string {
  return transition.success ?? (transition.label.endsWith('完成') ? transition.label : `${transition.label}成功`);
}

/** One line of a record's history; `staff` null is the system (a timer), written as 系统. */
export async function writeTimeline(
  q: AnyDB,
  table: string,
  entry: { id: number; action: string; from: string | null; to: string; note: string | null },
  staff: StaffContext | null,
): Promise<void> {
  await q
    .insertInto('resource_timeline')
    .values({ resource: table, record_id: entry.id, action: entry.action, from_state: entry.from, to_state: entry.to, note: entry.note, staff_id: staff?.id ?? null, staff_name: staff?.name ?? '系统', at: Date.now() })
    .execute();
}

/** A workflow resource's moves (`/transition`), its timers and a record's history (`/timeline`). */
export function registerWorkflow(ctx: ResourceContext): void {
  const { app, db, resource, hooks, table, p } = ctx;
  const workflow = resource.workflow;
  if (!workflow) return;
  const codes = [...new Set(workflow.transitions.flatMap((t) => [t.btnCode].flat()))];
  // Each move's inputs are checked by the resource's own field definitions.
  const inputSchemas = Object.fromEntries(
    workflow.transitions.map((t) => {
      const names = Object.keys(t.inputs ?? {});
      const required = names.filter((n) => t.inputs![n]!.required);
      const properties = Object.fromEntries(names.map((n) => [n, fieldSchema(resource.fields[n]!)]));
      return [t.name, compileInputValidator({ type: 'object', additionalProperties: false, required, properties })];
    }),
  );

  /**
   * Moves one record through a transition inside the caller's transaction: the state check,
   * the actor check, the inputs, stamps, the timeline and the hook. `staff` null is the system
   * (a timer), which sees every record.
   */
  async function move(trx: AnyDB, id: number, transition: WorkflowTransition, staff: StaffContext | null, note: string | null, inputs: Row, trusted = false): Promise<string> {
    const current = staff && !trusted ? await ctx.findVisible(id, staff, trx) : ((await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row);
    const from = String(current[workflow!.field]);
    const wrongState = stateRefusal(workflow!, transition, from);
    if (wrongState) throw conflict(wrongState);
    const notActor = staff && !trusted ? actorRefusal(resource, transition, current, staff.id) : null;
    if (notActor) throw new ApiError(403, notActor);
    const notAllowed = staff && !trusted ? allowedRefusal(transition, current) : null;
    if (notAllowed) throw conflict(notAllowed);
    const written = toColumns(resource, inputs);
    const now = Date.now();
    const moved = {
      ...written,
      [workflow!.field]: transition.to,
      ...(transition.stamp ? { [transition.stamp]: now } : {}),
      ...(staff && transition.assignActor ? { [transition.assignActor]: staff.id } : {}),
    };
    if (Object.keys(written).length) await checkValues(trx, resource, { ...current, ...moved }, id, written);
    // A move alone may break a rule too (reopening a cancelled booking into a taken slot). A
    // system move (a timer's) is not refused: it would stop every other due move of the run.
    else if (staff) await checkRules(trx, resource, { ...current, ...moved }, id);
    // What the checks add to the inputs (a run-time form's version beside its answers) is written too.
    for (const key of Object.keys(written)) if (!(key in moved)) (moved as Row)[key] = written[key];
    // Compare-and-set on the state: on a database with concurrent writers (PostgreSQL, several
    // instances) a move made meanwhile by someone else leaves nothing to update.
    const updated = await trx
      .updateTable(table)
      .set({ ...moved, state_at: now, updated_at: now })
      .where('id', '=', id)
      .where(workflow!.field, '=', from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(`该记录已被他人处理，不能${transition.label}；请刷新后重试`);
    await writeTimeline(trx, table, { id, action: transition.name, from, to: transition.to, note }, staff);
    await hooks.afterTransition?.({ trx, staff: staff ?? SYSTEM_ACTOR, app, id, action: transition.name, from, to: transition.to, note, record: { ...current, ...written }, before: current });
    return transition.to;
  }

  // The approval engine moves an approvable record when its approval ends (engine/approvals.ts).
  app.approvals.register({
    resource,
    move: (trx, id, name, staff, note) => move(trx, id, workflow.transitions.find((t) => t.name === name)!, staff, note, {}, true),
    read: async (trx, id) => ctx.readJson((await ctx.withRefLabels(ctx.withProjectName(trx.selectFrom(table).selectAll(table))).where(`${table}.id`, '=', id).executeTakeFirstOrThrow()) as Row),
  });

  /** The move named, once the caller may make it and its note and inputs are valid. */
  function checkedMove(staff: StaffContext, action: string, note: string | undefined, values: Row): WorkflowTransition {
    const transition = workflow!.transitions.find((t) => t.name === action)!;
    const noButton = buttonRefusal([transition.btnCode].flat(), staff.buttons, (c) => app.catalogue.buttons.get(c)?.name);
    if (noButton) throw new ApiError(403, noButton);
    const noNote = noteRefusal(transition, note);
    if (noNote) throw badRequest(noNote);
    const validate = inputSchemas[transition.name]!;
    // An optional field's real issue hides under anyOf: name the most specific one, as add and update do.
    if (!validate(values)) throw badRequest(describeIssue(resource, (validate.errors!.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'type') ?? validate.errors![0]) as never));
    return transition;
  }

  /** One record's move in a transaction of its own, through its approval when one runs. */
  function moveOne(id: number, transition: WorkflowTransition, staff: StaffContext, note: string | undefined, values: Row) {
    return db.transaction().execute(async (trx) => {
      // Under a running approval, the record's approve or reject move decides the caller's task.
      const decided = await app.approvals.decideThrough(trx, resource, id, transition.name, staff, note?.trim() || null);
      if (decided) {
        const record = (await trx.selectFrom(table).select(workflow!.field).where('id', '=', id).executeTakeFirstOrThrow()) as Row;
        return { state: String(record[workflow!.field]), message: decided.message };
      }
      // Seen before being told it is under approval: nothing of a record out of reach is told.
      await ctx.findVisible(id, staff, trx);
      await app.approvals.beforeTransition(trx, resource, id);
      const state = await move(trx, id, transition, staff, note?.trim() || null, values);
      await app.approvals.afterTransition(trx, resource, transition.name, id, staff);
      return { state, message: doneMessage(transition) };
    });
  }

  app.post(
    '/transition',
    {
      config: { btnCode: codes },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'action'],
          additionalProperties: false,
          properties: {
            id: { type: 'integer', minimum: 1 },
            action: { type: 'string', enum: workflow.transitions.map((t) => t.name) },
            note: { type: 'string', maxLength: 500 },
            values: { type: 'object' },
          },
        },
      },
    },
    async (request) => {
      const { id, action, note, values = {} } = request.body as { id: number; action: string; note?: string; values?: Row };
      const staff = request.staff!;
      const transition = checkedMove(staff, action, note, values);
      const moved = await moveOne(id, transition, staff, note, values);
      return ok({ id, state: moved.state }, moved.message);
    },
  );

  /**
   * The same move on several records (a batch dispatch): each checked and moved in a
   * transaction of its own, so one refused record leaves the others moved; the answer says, for
   * each, whether it moved and why not.
   */
  app.post(
    '/batchTransition',
    {
      config: { btnCode: codes },
      schema: {
        body: {
          type: 'object',
          required: ['ids', 'action'],
          additionalProperties: false,
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
            action: { type: 'string', enum: workflow.transitions.map((t) => t.name) },
            note: { type: 'string', maxLength: 500 },
            values: { type: 'object' },
          },
        },
      },
    },
    async (request) => {
      const { ids, action, note, values = {} } = request.body as { ids: number[]; action: string; note?: string; values?: Row };
      const transition = checkedMove(request.staff!, action, note, values);
      const results: { id: number; ok: boolean; state?: string; message: string }[] = [];
      for (const id of ids) {
        try {
          const moved = await moveOne(id, transition, request.staff!, note, values);
          results.push({ id, ok: true, state: moved.state, message: moved.message });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results.push({ id, ok: false, message: error.message });
        }
      }
      const done = results.filter((r) => r.ok).length;
      return ok(results, done === ids.length ? `${transition.label}完成，共 ${done} 条` : `${transition.label}：${done} 条完成，${ids.length - done} 条未完成`);
    },
  );

  if (workflow.timers?.length) {
    app.workflowTimers.add(async (now) => {
      let moved = 0;
      for (const timer of workflow.timers!) {
        const transition = workflow.transitions.find((t) => t.name === timer.transition)!;
        // A date timer is due at its field's moment; a stay timer after its minutes in the state.
        const due = (
          'at' in timer
            ? await db.selectFrom(table).select('id').where(workflow.field, '=', timer.from).where(timer.at, 'is not', null).where(timer.at, '<=', now).limit(500).execute()
            : await db.selectFrom(table).select('id').where(workflow.field, '=', timer.state).where('state_at', '<=', now - timer.afterMinutes * 60_000).limit(500).execute()
        ) as Row[];
        const note = 'at' in timer ? `已到${resource.fields[timer.at]?.title ?? timer.at}，系统自动${transition.label}` : `超过 ${timer.afterMinutes} 分钟未处理，系统自动${transition.label}`;
        for (const { id } of due) {
          // One record a transaction: a record changed meanwhile is skipped, not the whole pass.
          const done = await db
            .transaction()
            .execute((trx) => move(trx, id as number, transition, null, note, {}))
            .then(() => true, () => false);
          if (done) moved += 1;
        }
      }
      return moved;
    });
  }

  app.get('/timeline', { config: { btnCode: p.view }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: number };
    await ctx.findVisible(id, request.staff!);
    const rows = await app.db
      .selectFrom('resource_timeline')
      .select(['action', 'from_state', 'to_state', 'note', 'staff_name', 'at'])
      .where('resource', '=', table)
      .where('record_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    const label = (name: string) => (name === 'create' ? '创建' : (workflow.transitions.find((t) => t.name === name)?.label ?? name));
    return ok(rows.map((r) => ({ ...r, actionText: label(r.action), stateText: workflow.states[r.to_state]?.text ?? r.to_state })));
  });
}
