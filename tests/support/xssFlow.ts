/**
 * XSS proof of the text only workflow steps write (issue 10): the reasons, results, notes and
 * ratings comments a record gets as it moves, which no add form takes. The steps are found
 * from the resources' workflows (every transition with a note or a free-text input), so a step
 * added to a schema is driven without touching this file. Each payload walks fresh records
 * (added with the payload, xss.ts) and seeded ones through the real transition endpoint, every
 * move carrying the payload in all its free-text fields, until every such step was taken; the
 * records then go through xss.ts's screen and export checks.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { approvalsOf } from '../../server/engine/approvals.ts';
import type { Catalogue } from '../../server/engine/catalogue.ts';
import type { FormilyField, PageSchema, ResourceDef, ResourceField, WorkflowTransition } from '../../src/shared/schemaTypes.ts';
import { Api, type ApiAnswer } from './api.ts';
import { codeFor, isFreeText, plantPayloads, type Planted } from './xss.ts';
import type { Payload } from './xssPayloads.ts';

type Row = Record<string, unknown>;

/** A workflow step that writes text a person typed: its note and its free-text inputs ("materials[].name" inside a list). */
export interface TextStep {
  resource: string;
  transition: string;
  texts: string[];
}

/** String leaves of a Formily input (a list's rows included), as paths. */
function textPaths(name: string, input: FormilyField, field: ResourceField | undefined): string[] {
  if (field && field.type !== 'json') return isFreeText(field) ? [name] : [];
  if (input.type === 'string' && !input.enum) return [name];
  const children = (node: FormilyField, prefix: string): string[] =>
    Object.entries(node.properties ?? {}).flatMap(([key, child]) => (child.type === 'void' ? children(child, prefix) : textPaths(`${prefix}.${key}`, child, undefined)));
  if (input.type === 'array' && input.items) return children(input.items, `${name}[]`);
  if (input.type === 'object') return children(input, name);
  return [];
}

/** Every workflow step that takes free text, from the schemas. */
export function findTextSteps(catalogue: Catalogue): TextStep[] {
  return [...catalogue.resources.values()].flatMap((resource) =>
    (resource.workflow?.transitions ?? [])
      .map((t) => ({
        resource: resource.name,
        transition: t.name,
        texts: [...(t.note ? ['note'] : []), ...Object.entries(t.inputs ?? {}).flatMap(([name, input]) => textPaths(name, input, resource.fields[name]))],
      }))
      .filter((s) => s.texts.length),
  );
}

/** Resources whose detail screen shows the workflow timeline: where a step's note is displayed. */
export const timelineResources = (catalogue: Catalogue) => new Set((catalogue.pages as PageSchema[]).flatMap((p) => (p.kind === 'detail' && p.timeline ? [p.resource] : [])));

export interface FlowPlanting {
  records: Planted[];
  /** "resource.transition" steps taken with a payload, and the moves made in all. */
  steps: Set<string>;
  moves: number;
  /** "resource.field" written by a step ("resource.timeline" for notes shown in a timeline; "materials[].name" for a list's rows). */
  fields: Set<string>;
  /** Steps no record could reach or that refused every try, with the server's word. */
  refused: string[];
}

/**
 * Values the server may take for a field the step requires but that is no free text: the choices
 * its endpoint offers (other than the present one first: a transfer goes to someone else), a
 * number in range, a date in the pattern.
 */
async function choicesFor(api: Api, catalogue: Catalogue, resource: ResourceDef, name: string, input: FormilyField, current: Row): Promise<unknown[]> {
  const field = resource.fields[name];
  const endpointId = (input['x-component-props']?.endpoint as string | undefined) ?? (field?.ref ? `${field.ref}.options` : undefined);
  if (endpointId) {
    const endpoint = catalogue.endpoints.get(endpointId);
    if (!endpoint) return [];
    const url = `/api/${endpoint.service}${endpoint.path}`;
    const answer = endpoint.method === 'GET' ? await api.get(url) : await api.post(url, {});
    const options = (Array.isArray(answer.body.data) ? answer.body.data : (answer.body.data?.records ?? [])) as Row[];
    const leaves = (list: Row[]): Row[] => list.flatMap((o) => (Array.isArray(o.children) && o.children.length ? leaves(o.children as Row[]) : o.selectable === false ? [] : [o]));
    const values = leaves(options).map((o) => o.value ?? o.id);
    return [...values.filter((v) => v !== current[name]), ...values.filter((v) => v === current[name])];
  }
  if (field?.enum) return Object.keys(field.enum).slice(0, 1);
  if (field?.type === 'integer' || field?.type === 'number' || input.type === 'number') return [field?.maximum ?? field?.minimum ?? 1];
  if (field?.pattern) return ['2030-01-01 09:00', '2030-01-01', '09:00', '13800000000'].filter((v) => new RegExp(field.pattern!).test(v)).slice(0, 1);
  return [];
}

/** Tries each offered choice in turn (a processor must work in the record's project) until the server takes the move. */
async function moveWithChoices(caller: Api, url: string, body: Row, choices: Map<string, unknown[]>): Promise<ApiAnswer> {
  const tries = Math.max(1, ...[...choices.values()].map((c) => c.length));
  let answer: ApiAnswer | undefined;
  for (let k = 0; k < Math.min(tries, 40); k++) {
    const values = { ...(body.values as Row), ...Object.fromEntries([...choices].map(([name, list]) => [name, list[Math.min(k, list.length - 1)]])) };
    answer = await caller.post(url, { ...body, values });
    if (answer.body.status !== '400') break;
  }
  return answer!;
}

/** One row of a list input: its text leaves hold the payload, its numbers their least allowed value. */
function listRow(items: FormilyField, text: string): Row {
  const row: Row = {};
  const fill = (node: FormilyField) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (child.type === 'void') fill(child);
      else if (child.type === 'string' && !child.enum) row[key] = text.slice(0, Number(child['x-component-props']?.maxLength ?? text.length));
      else if (child.type === 'number') row[key] = Number(child['x-component-props']?.min ?? 1);
    }
  };
  fill(items);
  return row;
}

/** The shortest way from a state to a state where some wanted step can start: the moves, then that step. */
function pathTo(transitions: WorkflowTransition[], from: string, wanted: (t: WorkflowTransition) => boolean): WorkflowTransition[] | null {
  const queue: [string, WorkflowTransition[]][] = [[from, []]];
  const seen = new Set([from]);
  while (queue.length) {
    const [state, path] = queue.shift()!;
    const target = transitions.find((t) => t.from.includes(state) && wanted(t));
    if (target) return [...path, target];
    for (const t of transitions.filter((t) => t.from.includes(state) && !seen.has(t.to))) {
      seen.add(t.to);
      queue.push([t.to, [...path, t]]);
    }
  }
  return null;
}

/**
 * The admin's client, a session of anyone else a step must be taken by (made on the server: test
 * staff have no known password), and a colleague holding the administrator's roles and posts.
 * The colleague submits for approval: the demo flows name the administrator as approver, and
 * nobody approves their own submission.
 */
async function people(app: FastifyInstance, api: Api): Promise<{ adminId: number; colleagueId: number; as: (staffId: number) => Promise<Api> }> {
  const db = app.db as unknown as Kysely<any>;
  const admin = (await db.selectFrom('staff').selectAll().where('account', '=', 'admin').executeTakeFirstOrThrow()) as Row;
  const adminId = Number(admin.id);
  const account = 'xss-colleague';
  let colleague = (await db.selectFrom('staff').select('id').where('account', '=', account).executeTakeFirst()) as Row | undefined;
  if (!colleague) {
    const { id: _id, ...rest } = admin;
    colleague = (await db
      .insertInto('staff')
      .values({ ...rest, account, job_number: 'XSS-0001', name: '审批提交人', mobile: '13900000001' })
      .returning('id')
      .executeTakeFirstOrThrow()) as Row;
    for (const table of ['staff_role', 'staff_post']) {
      const rows = (await db.selectFrom(table).selectAll().where('staff_id', '=', adminId).execute()) as Row[];
      if (rows.length) await db.insertInto(table).values(rows.map((r) => ({ ...r, staff_id: colleague!.id }))).execute();
    }
  }
  const sessions = new Map<number, Api>([[adminId, api]]);
  return {
    adminId,
    colleagueId: Number(colleague.id),
    as: async (staffId) => {
      if (!sessions.has(staffId)) sessions.set(staffId, new Api(api.baseUrl, await app.sessions.create(staffId, { userAgent: 'xss-flow' })));
      return sessions.get(staffId)!;
    },
  };
}

/**
 * The waiting task of an approval's outcome move (approve or reject) of a record whose approval
 * runs: its approver decides it in the approval center, as approvers do (the record's own move
 * may need a code the approver does not hold). Anyone else is refused (「请在审批中心处理」).
 */
async function waitingTask(db: Kysely<any>, resource: ResourceDef, step: WorkflowTransition, id: number): Promise<{ id: number; approver: number } | undefined> {
  if (!approvalsOf(resource).some((a) => a.onApprove === step.name || a.onReject === step.name)) return undefined;
  const task = await db
    .selectFrom('approval_instance as i')
    .innerJoin('approval_task as t', 't.instance_id', 'i.id')
    .select(['t.id', 't.approver_id'])
    .where('i.biz_resource', '=', resource.name)
    .where('i.biz_id', '=', id)
    .where('i.status', '=', 'running')
    .whereRef('t.step_seq', '=', 'i.step_seq')
    .where('t.status', '=', 'wait')
    .orderBy('t.id')
    .executeTakeFirst();
  return task ? { id: Number(task.id), approver: Number(task.approver_id) } : undefined;
}

/** The body of one move with the payload in every free-text input, and the choices to try for its required other inputs. */
async function moveBody(api: Api, catalogue: Catalogue, resource: ResourceDef, step: WorkflowTransition, current: Row, text: string): Promise<{ values: Row; choices: Map<string, unknown[]>; written: string[] }> {
  const values: Row = {};
  const choices = new Map<string, unknown[]>();
  const written: string[] = [];
  for (const [name, input] of Object.entries(step.inputs ?? {})) {
    const paths = textPaths(name, input, resource.fields[name]);
    if (paths.some((p) => p.startsWith(`${name}[]`)) && input.items) values[name] = [listRow(input.items, text)];
    else if (paths.length) values[name] = text.slice(0, resource.fields[name]?.maxLength ?? 500);
    // A required date-time (a new deadline): a week from now.
    else if (input.required && resource.fields[name]?.type === 'datetime') values[name] = Date.now() + 7 * 86_400_000;
    else if (input.required) choices.set(name, await choicesFor(api, catalogue, resource, name, input, current));
    written.push(...paths);
  }
  return { values, choices, written };
}

/**
 * Walks records of every workflow resource through all its text steps, once per payload: a new
 * record (added with the payload) or, where none can be added, where a step starts from a state
 * no new record reaches (a draft) or was refused on a new one (no colleague to transfer to in
 * that project), a seeded record of another project in a state that leads there. Each move
 * carries the payload in its note and free-text inputs and its required choices from the step's
 * own endpoints; a step only the assigned person may take is taken in their session.
 */
export async function walkWorkflows(app: FastifyInstance, api: Api, payloads: Payload[], only?: (r: ResourceDef) => boolean): Promise<FlowPlanting> {
  const catalogue = app.catalogue;
  const out: FlowPlanting = { records: [], steps: new Set(), moves: 0, fields: new Set(), refused: [] };
  const timelines = timelineResources(catalogue);
  // Resource tables are defined at run time by JSON, so their queries are untyped.
  const db = app.db as unknown as Kysely<any>;
  const { adminId, colleagueId, as } = await people(app, api);
  let marker = 500_000;
  for (const resource of catalogue.resources.values()) {
    const workflow = resource.workflow;
    if (!workflow || (only && !only(resource))) continue;
    const base = `/api/${resource.service}${resource.path}`;
    const texts = new Set(findTextSteps(catalogue).filter((s) => s.resource === resource.name).map((s) => s.transition));
    const usedSeeds = new Set<number>();
    // Where a step worked before: seeds from there come first.
    const workedIn = new Map<string, unknown>();
    const lastRefusal = new Map<string, string>();
    // A new record that starts where no wanted step is reachable (a follow-up added as already
    // done): records come from the seeds from then on.
    let addsLeadNowhere = false;
    for (const payload of payloads) {
      const covered = new Set<string>();
      // Per payload, a step is given up after refusals on a new record and on seeds of four other projects.
      const refusals = new Map<string, number>();
      const triedProjects = new Set<unknown>();
      const givenUp = (name: string) => (refusals.get(name) ?? 0) >= 5;
      const wanted = (t: WorkflowTransition) => texts.has(t.name) && !covered.has(t.name) && !givenUp(t.name);
      const usable = () => workflow.transitions.filter((t) => !givenUp(t.name));
      // Bounded: a record that starts where no wanted step is reachable (an add that submits
      // itself for approval) would otherwise be planted again and again.
      for (let attempt = 0; workflow.transitions.some(wanted); attempt++) {
        if (attempt === 12) {
          for (const t of workflow.transitions.filter(wanted)) {
            refusals.set(t.name, 5);
            lastRefusal.set(t.name, lastRefusal.get(t.name) ?? `试了 12 条记录仍未能到达（${payload.name}）`);
          }
          break;
        }
        marker += 1;
        const text = payload.make(codeFor(marker));
        let id: number | undefined;
        let added = false;
        if (resource.permissions.add && !addsLeadNowhere && !workflow.transitions.some((t) => wanted(t) && refusals.has(t.name)) && pathTo(usable(), workflow.initial, wanted)) {
          id = (await plantPayloads(api, catalogue, [payload], (r) => r.name === resource.name, { marker: marker - 1, index: 10_000 + marker }, { beforeTimers: true })).records[0]?.id;
          added = id !== undefined;
        }
        if (!id) {
          const states = Object.keys(workflow.states).filter((s) => pathTo(usable(), s, wanted));
          const seeds = ((await db.selectFrom(resource.name).selectAll().where(workflow.field, 'in', [...states, '']).orderBy('id').execute()) as Row[]).filter((r) => !usedSeeds.has(Number(r.id)));
          const good = new Set(workflow.transitions.filter(wanted).map((t) => workedIn.get(t.name)));
          const seed = seeds.find((r) => good.has(r.project_id)) ?? seeds.find((r) => !triedProjects.has(r.project_id)) ?? seeds[0];
          id = seed ? Number(seed.id) : undefined;
          if (id) usedSeeds.add(id);
        }
        if (!id) {
          for (const t of workflow.transitions.filter(wanted)) {
            refusals.set(t.name, 5);
            lastRefusal.set(t.name, '没有能到达该步骤的记录');
          }
          break;
        }
        const record: Planted = { marker, resource: resource.name, id, payload: payload.name, fields: [] };
        out.records.push(record);
        // Step after step, while some wanted step can be reached from where the record is. A move
        // that answers 200 but leaves the record where it was is an approval step decided (the
        // next approver, or the previous one a rejection returned to, decides next): up to eight
        // of those; past them it counts as a refusal.
        let before: string | undefined;
        let last: WorkflowTransition | undefined;
        let decided = 0;
        for (;;) {
          const current = (await api.get(`${base}/detail`, { id })).body.data as Row;
          triedProjects.add(current.project_id);
          const state = String(current[workflow.field]);
          const stillDeciding = last && state === before && (await waitingTask(db, resource, last, id)) !== undefined && ++decided <= 8;
          if (last && state === before && !last.from.includes(last.to) && !stillDeciding) {
            refusals.set(last.name, 5);
            lastRefusal.set(last.name, `「${last.label}」后记录仍在「${state}」（${payload.name}）`);
          }
          const step = pathTo(usable(), state, wanted)?.[0];
          if (!step && added && !last) addsLeadNowhere = true;
          if (!step) break;
          [before, last] = [state, step];
          const { values, choices, written } = await moveBody(api, catalogue, resource, step, current, text);
          const task = await waitingTask(db, resource, step, id);
          const submits = approvalsOf(resource).some((a) => a.submit === step.name);
          const caller = await as(task?.approver ?? (step.actorField ? Number(current[step.actorField]) || adminId : submits ? colleagueId : adminId));
          const answer = task
            ? await caller.post(`/api/approve/task/${approvalsOf(resource).some((a) => a.onApprove === step.name) ? 'approve' : 'reject'}`, { id: task.id, comment: text.slice(0, 500) })
            : await moveWithChoices(caller, `${base}/transition`, { id, action: step.name, ...(step.note ? { note: text.slice(0, 500) } : {}), values }, choices);
          if (answer.body.status !== '200') {
            refusals.set(step.name, (refusals.get(step.name) ?? 0) + 1);
            lastRefusal.set(step.name, `${answer.body.message}（${payload.name}）`);
            break;
          }
          out.moves += 1;
          workedIn.set(step.name, current.project_id);
          // An approval step decided, not yet the outcome: the record has not moved (nor taken the note).
          if (task && (await waitingTask(db, resource, step, id)) !== undefined) continue;
          if (!texts.has(step.name)) continue;
          covered.add(step.name);
          out.steps.add(`${resource.name}.${step.name}`);
          if (step.note && timelines.has(resource.name)) written.push('timeline');
          for (const f of written) out.fields.add(`${resource.name}.${f}`);
          record.fields.push(...written.filter((f) => !record.fields.includes(f)));
        }
      }
    }
    for (const name of texts) if (!out.steps.has(`${resource.name}.${name}`)) out.refused.push(`${resource.name}.${name}: ${lastRefusal.get(name) ?? '未执行'}`);
  }
  return out;
}
