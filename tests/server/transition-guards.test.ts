import { describe, expect, it } from 'vitest';
import type { AnyDB } from '../../server/engine/hooks.ts';
import type { ResourceDef, ResourceField, WorkflowTransition } from '../../src/shared/schemaTypes.ts';
import { signedIn } from '../support/api.ts';
import { setUpServer } from '../support/setup.ts';

// Issue 43 item 2: every workflow's state guard, generated from the schemas as the authorisation
// matrix is. A move from a state it does not start from (including the state it leads to) is
// refused with 409 and changes nothing; two identical moves at once: one lands, one is refused.
const server = setUpServer();
type Row = Record<string, unknown>;
// Resource tables are defined by JSON: queried untyped.
const db = () => server.app.db as unknown as AnyDB;

const workflows = () => [...server.app.catalogue.resources.values()].filter((r): r is ResourceDef & { workflow: NonNullable<ResourceDef['workflow']> } => !!r.workflow && !r.readOnly);
const url = (r: ResourceDef) => `/api/${r.service}${r.path}/transition`;

/** A valid value of a move's input, or undefined when the schema asks for one a test cannot make up (files, JSON). */
async function sample(field: ResourceField): Promise<unknown> {
  if (field.ref) {
    const row = await db().selectFrom(field.ref).select('id').orderBy('id').limit(1).executeTakeFirst();
    return row ? Number((row as Row).id) : undefined;
  }
  if (field.enum) return Object.keys(field.enum)[0];
  switch (field.type) {
    case 'string':
    case 'text':
      // A patterned text: the first of a few common shapes that fits.
      return ['自动化检查：状态守卫', '2027-01-15 09:30', '2027-01-15', '13800138000', 'AUTO-01'].find((text) => !field.pattern || new RegExp(field.pattern).test(text));
    case 'integer':
    case 'number':
      return field.minimum ?? 1;
    case 'boolean':
      return true;
    case 'datetime':
      return '2027-01-15 09:30';
    default:
      return undefined;
  }
}

/** The body of a move with every required input filled in, or null when one cannot be. */
async function bodyOf(resource: ResourceDef, t: WorkflowTransition, id: number): Promise<Row | null> {
  const values: Row = {};
  for (const [name, input] of Object.entries(t.inputs ?? {})) {
    if (!input.required) continue;
    if (resource.fields[name]?.dict) return null;
    // The server checks a move's inputs by the resource's own field definitions.
    const value = await sample(resource.fields[name]!);
    if (value === undefined) return null;
    values[name] = value;
  }
  return { id, action: t.name, values, ...(t.note ? { note: '自动化检查' } : {}) };
}

const rowOf = async (table: string, id: number) => (await db().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
const historyOf = async (table: string, id: number) =>
  Number((await db().selectFrom('resource_timeline').select((eb) => eb.fn.countAll<number>().as('n')).where('resource', '=', table).where('record_id', '=', id).executeTakeFirstOrThrow()).n);
/** Records of a resource in a state, oldest first; none under a running approval (those are the approval's to move). */
async function inState(resource: ResourceDef & { workflow: NonNullable<ResourceDef['workflow']> }, state: string): Promise<number[]> {
  const running = (await db().selectFrom('approval_instance').select('biz_id').where('biz_resource', '=', resource.name).where('status', '=', 'running').execute()).map((r: Row) => Number(r.biz_id));
  const rows = (await db().selectFrom(resource.name).select('id').where(resource.workflow.field, '=', state).orderBy('id').limit(20).execute()) as Row[];
  return rows.map((r) => Number(r.id)).filter((id) => !running.includes(id));
}

describe('workflow state guards, for every workflow the schemas declare', () => {
  it('refuses every move from a state it does not start from with 409, and changes nothing', async () => {
    const admin = await signedIn(server.url, 'admin');
    let tried = 0;
    const refusedWrongly: string[] = [];
    for (const resource of workflows()) {
      for (const t of resource.workflow.transitions) {
        for (const state of Object.keys(resource.workflow.states).filter((s) => !t.from.includes(s))) {
          const [id] = await inState(resource, state);
          if (id === undefined) continue;
          const body = await bodyOf(resource, t, id);
          if (!body) continue;
          const [before, history] = [await rowOf(resource.name, id), await historyOf(resource.name, id)];
          const answer = await admin.post(url(resource), body);
          tried += 1;
          if (answer.http !== 409 || !/当前状态为「.+」，不能/.test(answer.body.message)) refusedWrongly.push(`${resource.name}.${t.name} from ${state}: ${answer.http} ${answer.body.message}`);
          expect(await rowOf(resource.name, id)).toEqual(before);
          expect(await historyOf(resource.name, id)).toBe(history);
        }
      }
    }
    expect(refusedWrongly).toEqual([]);
    // The demo data reaches a wrong state of most moves; a schema change that empties this loop must show.
    expect(tried).toBeGreaterThan(40);
    // A sweep of every move of every workflow (hundreds of calls, growing with the schemas): 30 s ran out on a loaded CI machine.
  }, 180_000);

  it('lets exactly one of two identical moves sent at once land; the other is refused', async () => {
    const admin = await signedIn(server.url, 'admin');
    const again = await signedIn(server.url, 'admin');
    let raced = 0;
    for (const resource of workflows()) {
      for (const t of resource.workflow.transitions) {
        if (t.actorField || t.from.includes(t.to)) continue;
        const candidates = (await Promise.all(t.from.map((s) => inState(resource, s)))).flat();
        for (const id of candidates.slice(0, 3)) {
          const body = await bodyOf(resource, t, id);
          if (!body) break;
          const history = await historyOf(resource.name, id);
          const answers = await Promise.all([admin.post(url(resource), body), again.post(url(resource), body)]);
          const codes = answers.map((a) => a.http).sort();
          // A move refused for another reason (a hook's business rule) is not this test's subject: try the next record.
          if (codes[0] !== 200) continue;
          expect(codes, `${resource.name}.${t.name} #${id}`).toEqual([200, 409]);
          expect(String((await rowOf(resource.name, id))[resource.workflow.field])).toBe(t.to);
          expect(await historyOf(resource.name, id)).toBe(history + 1);
          raced += 1;
          break;
        }
      }
    }
    expect(raced).toBeGreaterThan(8);
  });
});
