import type { Kysely } from 'kysely';

// Resource tables (dept, post_group) and the post columns they add are defined by JSON: untyped here.
type Loose = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Post groups of a property company, and the group and duties of each seeded post. */
const POST_GROUPS: [code: string, name: string, description: string][] = [
  ['management', '管理类', '项目经理、主管等管理岗位'],
  ['service', '客服类', '客服管家、调度等客户服务岗位'],
  ['engineering', '工程类', '维修、巡检等工程技术岗位'],
  ['security', '秩序类', '秩序维护、门岗与安防岗位'],
  ['environment', '环境类', '保洁、绿化与垃圾清运岗位'],
];

const POSTS: Record<string, { group: string; description: string }> = {
  项目经理: { group: 'management', description: '统筹项目服务品质、预算与团队管理' },
  客服管家: { group: 'service', description: '业主接待、报事受理与回访' },
  调度员: { group: 'service', description: '工单派发、转单与催办' },
  维修工程师: { group: 'engineering', description: '户内外报修处理与设备维护' },
  巡检员: { group: 'engineering', description: '按计划巡查公共区域与设施设备' },
  秩序维护员: { group: 'security', description: '门岗值守、车辆引导与安全巡逻' },
  保洁员: { group: 'environment', description: '公共区域清洁与垃圾清运' },
};

/** Departments of the company and of each region and project; a project's posts sit in its departments. */
const COMPANY_DEPTS: [suffix: string, name: string][] = [
  ['ZJB', '总经办'],
  ['RLXZ', '人力行政部'],
  ['CW', '财务部'],
  ['PZ', '品质管理部'],
];
const PROJECT_DEPTS: { suffix: string; name: string; parent: string | null; posts: string[] }[] = [
  { suffix: 'FWZX', name: '服务中心', parent: null, posts: ['项目经理'] },
  { suffix: 'KF', name: '客服部', parent: 'FWZX', posts: ['客服管家', '调度员'] },
  { suffix: 'GC', name: '工程部', parent: 'FWZX', posts: ['巡检员'] },
  { suffix: 'GC-WX', name: '维修班', parent: 'GC', posts: ['维修工程师'] },
  { suffix: 'ZX', name: '秩序部', parent: 'FWZX', posts: ['秩序维护员'] },
  { suffix: 'HJ', name: '环境部', parent: 'FWZX', posts: ['保洁员'] },
];

/**
 * Demo post groups and departments over the seeded organisations and posts (run after staff
 * are placed): each project gets a service centre with its departments, led by whoever holds
 * their first post there.
 */
export async function seedOrgStructure(db: Loose, now: number): Promise<void> {
  const audit = { enabled: 1, created_by: null, created_at: now, updated_at: now };
  const groupIds = new Map<string, number>();
  for (const [sort, [code, name, description]] of POST_GROUPS.entries()) {
    const row = await db.insertInto('post_group').values({ code, name, description, sort, ...audit }).returning('id').executeTakeFirstOrThrow();
    groupIds.set(code, row.id);
  }

  const orgs = (await db.selectFrom('org').select(['id', 'code', 'name', 'type']).orderBy('sort').orderBy('id').execute()) as { id: number; code: string; name: string; type: string }[];
  const addDept = async (orgId: number, code: string, name: string, parentId: number | null, sort: number, leaderId: number | null, phone: string | null) =>
    (await db
      .insertInto('dept')
      .values({ org_id: orgId, code, name, parent_id: parentId, sort, leader_id: leaderId, phone, remark: null, ...audit })
      .returning('id')
      .executeTakeFirstOrThrow()).id as number;

  let line = 0;
  const phone = () => `021-6${String(1000000 + ++line * 1013).slice(-7)}`;
  for (const org of orgs) {
    if (org.type === 'company') {
      for (const [sort, [suffix, name]] of COMPANY_DEPTS.entries()) await addDept(org.id, `${org.code}-${suffix}`, name, null, sort, null, phone());
    } else if (org.type === 'region') {
      await addDept(org.id, `${org.code}-YY`, `${org.name.replace(/区域$/, '')}区域运营中心`, null, 0, null, phone());
    } else {
      const posts = (await db.selectFrom('post').select(['id', 'name']).where('org_id', '=', org.id).execute()) as { id: number; name: string }[];
      const ids = new Map<string, number>();
      for (const [sort, d] of PROJECT_DEPTS.entries()) {
        const own = posts.filter((p) => d.posts.includes(p.name));
        const holder = own.length
          ? ((await db.selectFrom('staff_post').select('staff_id').where('post_id', 'in', own.map((p) => p.id)).orderBy('staff_id').executeTakeFirst()) as { staff_id: number } | undefined)
          : undefined;
        const name = d.parent ? d.name : `${org.name}${d.name}`;
        const id = await addDept(org.id, `${org.code}-${d.suffix}`, name, d.parent ? ids.get(d.parent)! : null, sort, holder?.staff_id ?? null, phone());
        ids.set(d.suffix, id);
        for (const p of own) await db.updateTable('post').set({ dept_id: id }).where('id', '=', p.id).execute();
      }
    }
  }

  const posts = (await db.selectFrom('post').select(['id', 'name']).execute()) as { id: number; name: string }[];
  const order = Object.keys(POSTS);
  for (const p of posts) {
    const known = POSTS[p.name];
    await db
      .updateTable('post')
      .set({ group_id: known ? groupIds.get(known.group)! : null, description: known?.description ?? null, sort: Math.max(0, order.indexOf(p.name)), created_at: now, updated_at: now })
      .where('id', '=', p.id)
      .execute();
  }
}
