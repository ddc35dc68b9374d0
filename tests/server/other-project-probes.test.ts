import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../support/api.ts';
import { signedInFirstTime } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import { guardCodes } from '../../src/shared/endpoints.ts';
import type { AnyDB } from '../../server/engine/hooks.ts';
import type { ResourceDef } from '../../src/shared/schemaTypes.ts';

// Issue 40 finding 4: the hotline's call history was scoped in its list only; its detail and
// options answered every project's calls. Generated over every resource whose rows name a
// project (the project scope's project_id, or any other single reference to a project): a caller
// who may view every resource but whose scope is 翠湖天地 asks for the other projects' rows by
// id (detail), and reads the options and the list; none of them may come back.
const server = setUpServer();
const admin = setUpApi(server);

/** The column naming a row's project, if the resource has one. */
function projectColumn(resource: ResourceDef): string | null {
  if (resource.scope === 'project') return 'project_id';
  const found = Object.entries(resource.fields).find(([name, f]) => name.endsWith('project_id') && f.ref === 'org' && !f.through);
  return found ? found[0] : null;
}

let viewer: Api;

beforeAll(async () => {
  const views = new Set<string>();
  for (const r of server.app.catalogue.resources.values()) for (const code of guardCodes(r.permissions.view)) views.add(code);
  const role = await admin.post('/api/base/role/add', { name: '全部查看（本项目）', code: 'probe_viewer', data_scope: 'project' });
  expect((await admin.post('/api/base/role/addPermission', { id: role.body.data.id, grants: [...views].map((c) => `b:${c}`) })).http).toBe(200);
  const cuihu = DEMO_PROJECTS.cuihu.id;
  const made = await admin.post('/api/base/crmStaff/add', { name: '周探查', account: 'probe1', job_number: 'YJ0991', mobile: '13912340991', org_id: cuihu, role_ids: [role.body.data.id], post_ids: [], project_ids: [cuihu] });
  viewer = await signedInFirstTime(server.url, 'probe1', made.body.data.password);
  // The demo's calls are all 翠湖天地's: a 锦绣华庭 customer's call answered by someone else, as the outside probe found one.
  const db = server.app.db as unknown as AnyDB;
  const call = (await db.selectFrom('hotline_call').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const { id: _id, ...copy } = call;
  await db.insertInto('hotline_call').values({ ...copy, caller_project_id: DEMO_PROJECTS.jinxiu.id, staff_id: DEMO_STAFF.admin, customer_name: '锦绣华庭业主' }).execute();
});

describe('other-project probes over every resource with project data (issue 40, finding 4)', () => {
  it('answers another project’s rows to no detail, options or list of any resource', async () => {
    const leaks: string[] = [];
    const probed: string[] = [];
    for (const resource of server.app.catalogue.resources.values()) {
      const column = projectColumn(resource);
      if (!column || !resource.permissions.view) continue;
      const others = (await server.app.db
        .selectFrom(resource.name as never)
        .select('id' as never)
        .where(column as never, 'is not', null)
        .where(column as never, '!=', DEMO_PROJECTS.cuihu.id as never)
        .orderBy('id' as never)
        .limit(5)
        .execute()) as { id: number }[];
      if (!others.length) continue;
      probed.push(resource.name);
      const base = `/api/${resource.service}${resource.path}`;
      for (const { id } of others) {
        const detail = await viewer.get(`${base}/detail`, { id });
        if (detail.http !== 404) leaks.push(`${resource.name} detail ${id}: ${detail.http}`);
      }
      const ids = new Set(others.map((o) => o.id));
      const options = await viewer.get(`${base}/options`, { all: true });
      if (options.http === 200) for (const o of options.body.data as { value: number }[]) if (ids.has(o.value)) leaks.push(`${resource.name} options ${o.value}`);
      const list = await viewer.post(`${base}/list`, { pageSize: 100 });
      if (list.http === 200) for (const r of list.body.data.records as { id: number }[]) if (ids.has(r.id)) leaks.push(`${resource.name} list ${r.id}`);
    }
    expect(probed).toEqual(expect.arrayContaining(['hotline_call', 'work_order', 'return_visit']));
    expect(leaks).toEqual([]);
  });
});
