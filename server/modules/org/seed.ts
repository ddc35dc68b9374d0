import type { SeedContext } from '../../engine/module.ts';
import { DEMO_ACCOUNTS, DEMO_OFFICE_ACCOUNTS, DEMO_ORG, DEMO_PROJECTS, DEMO_STAFF } from './demo.ts';
import { seedOrgStructure } from './seedOrg.ts';
import { seedStaffAdmin } from './seedStaff.ts';

/** The demo projects, in the order of DEMO_PROJECTS (demo.ts). */
const PROJECTS = [
  { name: '翠湖天地', region: 0, address: '上海市徐汇区龙华中路 588 号' },
  { name: '锦绣华庭', region: 0, address: '杭州市西湖区文三路 199 号' },
  { name: '滨江一号', region: 1, address: '广州市海珠区阅江西路 88 号' },
  { name: '云栖雅苑', region: 1, address: '深圳市南山区科苑南路 2666 号' },
];

/** What the demo roles may do on the organisation's screens. */
export const ORG_DEMO_GRANTS: Record<string, string[]> = {
  project_manager: ['asset:view', 'opening:view', 'external:view', 'external:add', 'external:edit', 'external:enable', 'external:export'],
};

/** Made by the org seed for the modules seeded after it. */
export interface OrgDemo {
  projectIds: number[];
  customersByProject: Map<number, { id: number; house: number }[]>;
  /** Technicians of the first project, who take its work orders. */
  technicians: number[];
}

export const orgDemo = (ctx: SeedContext): OrgDemo => ctx.shared.get('org') as OrgDemo;

/** Two regions and four projects with buildings, houses, posts, staff, departments and customers. */
export async function seedOrg(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd, pick, personName, mobile, insertStaff } = ctx;
  const regions = [];
  for (const [i, name] of ['华东区域', '华南区域'].entries()) {
    const r = await trx
      .insertInto('org')
      .values({ parent_id: DEMO_ORG.company, name, code: `YJ-R${i + 1}`, type: 'region', address: null, sort: i, enabled: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    regions.push(r.id);
  }

  let jobSeq = 2;
  const jobNumber = () => `YJ${String(jobSeq++).padStart(4, '0')}`;
  const projectIds: number[] = [];
  const housesByProject = new Map<number, number[]>();
  for (const [i, p] of PROJECTS.entries()) {
    const project = await trx
      .insertInto('org')
      .values({ parent_id: regions[p.region]!, name: p.name, code: `YJ-P${String(i + 1).padStart(3, '0')}`, type: 'project', address: p.address, sort: i, enabled: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectIds.push(project.id);
    const houses: number[] = [];
    for (let b = 1; b <= 3; b++) {
      const floors = 6 + Math.floor(rnd() * 20);
      const building = await trx
        .insertInto('building')
        .values({ project_id: project.id, name: `${b}栋`, floors, units: 2, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let unit = 1; unit <= 2; unit++) {
        for (let floor = 1; floor <= Math.min(floors, 6); floor++) {
          for (const door of ['01', '02']) {
            const house = await trx
              .insertInto('house')
              .values({
                building_id: building.id,
                project_id: project.id,
                building_name: `${b}栋`,
                unit_no: unit,
                floor,
                room_no: `${floor}${door}`,
                created_at: now,
                updated_at: now,
                area: Math.round((70 + rnd() * 90) * 10) / 10,
                status: pick(['occupied', 'occupied', 'occupied', 'vacant', 'decorating']),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            houses.push(house.id);
          }
        }
      }
    }
    housesByProject.set(project.id, houses);
    for (const post of ['项目经理', '客服管家', '调度员', '维修工程师', '巡检员', '秩序维护员', '保洁员']) {
      await trx.insertInto('post').values({ org_id: project.id, name: post, code: `${`YJ-P${String(i + 1).padStart(3, '0')}`}-${post}`, enabled: 1 }).execute();
    }
  }

  const postId = async (projectId: number, name: string) =>
    (await trx.selectFrom('post').select('id').where('org_id', '=', projectId).where('name', '=', name).executeTakeFirstOrThrow()).id;

  // The narrower demo accounts work at the first project, so their data scopes differ visibly.
  const technicians: number[] = [];
  for (const demo of DEMO_ACCOUNTS.slice(1)) {
    const id = await insertStaff({ account: demo.account, name: demo.name, orgId: projectIds[0]!, role: demo.role, jobNumber: jobNumber() });
    await trx.insertInto('staff_post').values({ staff_id: id, post_id: await postId(projectIds[0]!, demo.post!) }).execute();
    if (demo.role === 'technician') technicians.push(id);
  }
  // A few colleagues at every project.
  for (const [i, projectId] of projectIds.entries()) {
    for (const [k, post] of ['维修工程师', '客服管家', '秩序维护员', '保洁员'].entries()) {
      const account = `p${i + 1}s${k + 1}`;
      const role = post === '维修工程师' ? 'technician' : post === '客服管家' ? 'customer_service' : null;
      const id = await insertStaff({ account, name: personName(), orgId: projectId, role, jobNumber: jobNumber() });
      await trx.insertInto('staff_post').values({ staff_id: id, post_id: await postId(projectId, post) }).execute();
      if (role === 'technician' && i === 0) technicians.push(id);
    }
  }
  for (const office of DEMO_OFFICE_ACCOUNTS) {
    await insertStaff({ account: office.account, name: office.name, orgId: DEMO_ORG[office.org], role: office.role, jobNumber: jobNumber(), mobile: office.mobile });
  }
  const customersByProject = new Map<number, { id: number; house: number }[]>();
  for (const projectId of projectIds) {
    const list: { id: number; house: number }[] = [];
    for (const house of housesByProject.get(projectId)!.filter(() => rnd() < 0.6)) {
      const c = await trx
        .insertInto('customer')
        .values({
          project_id: projectId,
          house_id: house,
          name: personName(),
          mobile: mobile(),
          gender: rnd() < 0.5 ? 'male' : 'female',
          kind: pick(['owner', 'owner', 'owner', 'tenant', 'family']),
          created_at: now - Math.floor(rnd() * 365) * 86_400_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      list.push({ id: c.id, house });
    }
    customersByProject.set(projectId, list);
  }

  await seedOrgStructure(trx, now);
  await seedStaffAdmin(trx, now);
  ctx.shared.set('org', { projectIds, customersByProject, technicians } satisfies OrgDemo);
  // Tests name these ids (demo.ts): a change in the seed's order must show here, not in a test far away.
  const made = await trx.selectFrom('org').select(['id', 'name']).where('type', '=', 'project').orderBy('id').execute();
  const named = Object.values(DEMO_PROJECTS);
  if (JSON.stringify(made.map((p: { id: number; name: string }) => [p.id, p.name])) !== JSON.stringify(named.map((p) => [p.id, p.name])) || regions.join() !== `${DEMO_ORG.eastRegion},${DEMO_ORG.southRegion}`) throw new Error('demo organisations differ from demo.ts');
  const staff = await trx.selectFrom('staff').select(['id', 'account']).where('account', 'in', Object.keys(DEMO_STAFF)).execute();
  for (const s of staff as { id: number; account: keyof typeof DEMO_STAFF }[]) if (DEMO_STAFF[s.account] !== s.id) throw new Error(`demo account ${s.account} has id ${s.id}, not the one in demo.ts`);
}
