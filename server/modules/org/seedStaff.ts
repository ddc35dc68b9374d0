import type { Kysely } from 'kysely';
import { idCardCheckOk } from './hooks/external_staff.ts';

// Resource tables (external_staff, dept) are defined by JSON: untyped here.
type Loose = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The demo accounts whose gender the README's names make plain. */
const GENDERS: Record<string, string> = { admin: 'male', kefu: 'female', diaodu: 'male', weixiu: 'male', xuncha: 'male', xmjl: 'female' };

/** Business lines of a property company (the patrol "stripes") and the posts each takes in. */
const STRIPES: [code: string, name: string, posts: string[], description: string][] = [
  ['ENG', '工程条线', ['维修工程师'], '设施设备巡检、维修与能耗管理'],
  ['SEC', '秩序条线', ['秩序维护员'], '门岗、消防与公共秩序巡查'],
  ['ENV', '环境条线', ['保洁员'], '保洁、绿化与垃圾分类巡查'],
  ['SRV', '客服条线', ['客服管家', '调度员'], '客户服务、报事受理与回访'],
  ['QC', '品质条线', ['项目经理', '巡检员'], '项目服务品质检查与整改跟踪'],
];

/** Supplier staff working at the projects: [name, supplier, work type, line]. */
const EXTERNALS: [string, string, string, string][] = [
  ['韩桂兰', '上海洁安保洁服务有限公司', 'cleaning', 'ENV'],
  ['冯秀珍', '上海洁安保洁服务有限公司', 'cleaning', 'ENV'],
  ['邓国强', '安盾保安服务有限公司', 'security', 'SEC'],
  ['曹志伟', '安盾保安服务有限公司', 'security', 'SEC'],
  ['彭建军', '绿源园林工程有限公司', 'greening', 'ENV'],
  ['曾凡明', '迅达电梯维保有限公司', 'elevator', 'ENG'],
  ['肖海波', '康洁有害生物防治有限公司', 'pest', 'ENV'],
  ['田文辉', '恒通机电工程有限公司', 'repair', 'ENG'],
];

/** A valid resident ID number (GB 11643 check digit) for seeded people: region, birthday, sequence. */
function idNumber(region: string, birthday: string, sequence: number): string {
  const body = `${region}${birthday}${String(sequence).padStart(3, '0')}`;
  return [...'0123456789X'].map((c) => body + c).find(idCardCheckOk)!;
}

/**
 * Demo data of the staff administration screens (run after staff, posts and departments are
 * seeded): every staff member's gender, entry date, department and projects, the business lines
 * with their posts, and supplier staff at each project.
 */
export async function seedStaffAdmin(db: Loose, now: number): Promise<void> {
  const staff = (await db.selectFrom('staff').innerJoin('org', 'org.id', 'staff.org_id').select(['staff.id', 'staff.account', 'staff.org_id', 'org.type']).orderBy('staff.id').execute()) as {
    id: number;
    account: string;
    org_id: number;
    type: string;
  }[];
  for (const [i, s] of staff.entries()) {
    const post = (await db.selectFrom('staff_post').innerJoin('post', 'post.id', 'staff_post.post_id').select('post.dept_id').where('staff_post.staff_id', '=', s.id).executeTakeFirst()) as
      | { dept_id: number | null }
      | undefined;
    const entry = new Date(Date.UTC(2018 + (i % 8), (i * 5) % 12, 1 + ((i * 7) % 27))).toISOString().slice(0, 10);
    await db
      .updateTable('staff')
      .set({ gender: GENDERS[s.account] ?? (i % 3 === 0 ? 'female' : 'male'), entry_date: entry, dept_id: post?.dept_id ?? null, updated_at: now })
      .where('id', '=', s.id)
      .execute();
    if (s.type === 'project') await db.insertInto('staff_project').values({ staff_id: s.id, project_id: s.org_id }).execute();
  }

  const stripeIds = new Map<string, number>();
  for (const [sort, [code, name, posts, description]] of STRIPES.entries()) {
    const row = await db
      .insertInto('stripe')
      .values({ stripe_name: name, stripe_code: code, description, sort, enabled: 1, created_by: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    stripeIds.set(code, row.id);
    for (const p of await db.selectFrom('post').select('id').where('name', 'in', posts).execute()) {
      await db.insertInto('stripe_post').values({ stripe_id: row.id, post_id: p.id }).execute();
    }
  }

  const projects = (await db.selectFrom('org').select('id').where('type', '=', 'project').orderBy('sort').orderBy('id').execute()) as { id: number }[];
  for (const [i, [name, supplier, workType, line]] of EXTERNALS.entries()) {
    const year = 2026 - (i % 2);
    await db
      .insertInto('external_staff')
      .values({
        project_id: projects[i % projects.length]!.id,
        name,
        mobile: `1370021${String(3400 + i * 17).padStart(4, '0')}`,
        id_number: idNumber(['310104', '330106', '440105', '440305'][i % 4]!, `19${78 + i}0${1 + (i % 9)}1${i % 10}`, 101 + i * 2),
        supplier,
        stripe_id: stripeIds.get(line)!,
        work_type: workType,
        contract_start: `${year}-01-01`,
        contract_end: `${year + 1}-12-31`,
        photo: null,
        remark: null,
        enabled: i === 7 ? 0 : 1,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
