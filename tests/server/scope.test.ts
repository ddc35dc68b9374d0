import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, type AnyDB, type AnySelect, type Row } from '../../server/engine/hooks.ts';
import { scopeRows } from '../../server/engine/scope.ts';
import { DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import { ownOrders } from '../../server/modules/workorder/visibility.ts';
import type { StaffContext } from '../../server/platform/types.ts';
import { setUpServer } from '../support/setup.ts';

const server = setUpServer();
const db = () => server.app.db as unknown as AnyDB;
const caller = (id: number, dataScopes: string[], orgId: number): StaffContext => ({ ...SYSTEM_ACTOR, id, account: `s${id}`, name: `s${id}`, orgId, dataScopes });
const orderHooks = { ownRows: ({ db, staff }: { db: AnyDB; staff: StaffContext }) => ownOrders(db, staff) };
const workOrder = () => server.app.catalogue.resources.get('work_order')!;
const orders = async () => (await db().selectFrom('work_order').select(['id', 'project_id', 'created_by', 'processor_id', 'status']).execute()) as Row[];
const ids = async (query: AnySelect) => ((await query.execute()) as Row[]).map((r) => Number(r.id)).sort((a, b) => a - b);
const idsOf = (rows: Row[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);
const scoped = (staff: StaffContext) => scopeRows({ db: db(), staff, hooks: orderHooks }, workOrder(), db().selectFrom('work_order').select('work_order.id'));

describe('scopeRows: which rows of a resource a caller may see', () => {
  it('leaves the query alone for the scope "all" and for resources not scoped by project', async () => {
    expect(await ids(await scoped(caller(DEMO_STAFF.admin, ['all'], DEMO_ORG.company)))).toEqual(idsOf(await orders()));
    const unscoped = [...server.app.catalogue.resources.values()].find((r) => r.scope !== 'project' && !r.readOnly)!;
    const query = db().selectFrom(unscoped.name).select(`${unscoped.name}.id`);
    expect(await scopeRows({ db: db(), staff: caller(DEMO_STAFF.xuncha, ['self'], DEMO_PROJECTS.cuihu.id) }, unscoped, query)).toBe(query);
  });

  it('shows the projects under the caller organisation for the scope "org"', async () => {
    const east: number[] = [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id];
    const seen = await ids(await scoped(caller(DEMO_STAFF.admin, ['org'], DEMO_ORG.eastRegion)));
    expect(seen).toEqual(idsOf((await orders()).filter((o) => east.includes(Number(o.project_id)))));
    expect(seen.length).toBeGreaterThan(0);
  });

  it('shows only their own records for the scope "self": a null creator or processor is nobody own', async () => {
    const all = await orders();
    expect(all.some((o) => o.processor_id === null)).toBe(true);
    const technician = caller(DEMO_STAFF.weixiu, ['self'], DEMO_ORG.company);
    const own = await ids(await scoped(technician));
    const processed = all.filter((o) => o.processor_id === DEMO_STAFF.weixiu || o.created_by === DEMO_STAFF.weixiu);
    expect(processed.length).toBeGreaterThan(0);
    // The seize pool of their posts is theirs too; nothing else, and no order without a processor by accident.
    const pool = all.filter((o) => o.status === 'pool' && !processed.includes(o));
    expect(own.filter((id) => !pool.some((o) => o.id === id))).toEqual(idsOf(processed));
    // Someone who never created nor processed an order (a system id) sees none, however many have nulls.
    expect(await ids(await scoped(caller(0, ['self'], DEMO_ORG.company)))).toEqual([]);
    // Without ownRows, "own" means created by the caller.
    const created = await scopeRows({ db: db(), staff: technician }, workOrder(), db().selectFrom('work_order').select('work_order.id'));
    expect(await ids(created)).toEqual(idsOf(all.filter((o) => o.created_by === DEMO_STAFF.weixiu)));
  });

  it('joins the scopes of several roles: their projects or their own records', async () => {
    const all = await orders();
    const staff = caller(DEMO_STAFF.weixiu, ['project', 'self'], DEMO_PROJECTS.cuihu.id);
    const seen = await ids(await scoped(staff));
    const own = await ids(await scoped({ ...staff, dataScopes: ['self'] }));
    const projects = idsOf(all.filter((o) => o.project_id === DEMO_PROJECTS.cuihu.id));
    expect(seen).toEqual([...new Set([...own, ...projects])].sort((a, b) => a - b));
  });
});
