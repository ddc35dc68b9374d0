import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB } from '../../engine/hooks.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Half a year of sign-ins: what the active-user report looks back over. */
const HISTORY_DAYS = 183;

const REPORTS = ['report-register', 'report-auth', 'report-active', 'report-operations'];
const both = REPORTS.flatMap((c) => [`${c}:view`, `${c}:export`]);

/** Operations read the owner-app statistics of their region; the project's service desk and manager review certifications. */
export const OWNER_APP_DEMO_GRANTS: Record<string, string[]> = {
  operations: [...both, 'certification:view', 'certification:audit', 'download-center:view'],
  customer_service: ['certification:view', 'certification:audit'],
  project_manager: [...both, 'certification:view', 'certification:audit'],
};

const TERMINALS = ['wx_mini', 'wx_mini', 'wx_mini', 'app_android', 'app_android', 'app_ios', 'h5'] as const;
const REFUSALS = ['房产证照片不清晰，请重新上传', '申请人与房屋登记的业主不一致，请上传租赁合同', '所选房屋有误，请核对楼栋与房号', '证件号与姓名不符'];
const IDENTITY: Record<string, string> = { owner: 'owner', co_owner: 'owner', tenant: 'tenant', family: 'family' };

interface Owner {
  id: number;
  project_id: number;
  house_id: number;
  name: string;
  mobile: string;
  id_card: string | null;
  kind: string;
  registered_at: number;
  certified: number;
  certified_at: number | null;
}

async function insertAll(db: AnyDB, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto(table).values(rows.slice(i, i + 200)).execute();
}

/**
 * The owner app's side of the demo customers (the customers module seeds who registered and who
 * is certified): half a year of sign-ins by the registered, each on their usual terminal and at
 * their own pace, and the certification applications behind the certified customers, with
 * refused ones and some still waiting (a few beyond 72 hours).
 */
export async function seedOwnerApp(ctx: SeedContext): Promise<void> {
  const db = ctx.trx;
  const owners = (await db
    .selectFrom('customer')
    .select(['id', 'project_id', 'house_id', 'name', 'mobile', 'id_card', 'kind', 'registered_at', 'certified', 'certified_at'])
    .where('house_id', 'is not', null)
    .where('app_registered', '=', 1)
    .orderBy('id')
    .execute()) as Owner[];
  const reviewers = new Map<number, number>();
  for (const s of (await db.selectFrom('staff').select(['id', 'org_id']).orderBy('id').execute()) as { id: number; org_id: number }[]) if (!reviewers.has(s.org_id)) reviewers.set(s.org_id, s.id);

  const logins: Record<string, unknown>[] = [];
  const since = ctx.now - HISTORY_DAYS * DAY;
  // Whole days up to yesterday: seeded twice the same day (the test template and a fresh start), the history is the same.
  const today = ctx.now - (ctx.now % DAY);
  for (const o of owners) {
    const terminal = ctx.pick(TERMINALS);
    const pace = 0.02 + ctx.rnd() * 0.3;
    const first = Math.max(since, o.registered_at ?? since);
    for (let day = first - (first % DAY); day < today; day += DAY) {
      if (ctx.rnd() >= pace) continue;
      const at = day + Math.floor((7 + ctx.rnd() * 15) * HOUR);
      if (at < ctx.now && at >= o.registered_at) logins.push({ project_id: o.project_id, customer_id: o.id, house_id: o.house_id, terminal, login_at: at, created_at: at, updated_at: at });
    }
  }
  await insertAll(db, 'app_login_event', logins);

  const applications: Record<string, unknown>[] = [];
  for (const o of owners) {
    const base = { project_id: o.project_id, customer_id: o.id, house_id: o.house_id, name: o.name, mobile: o.mobile, id_card: o.id_card, identity: IDENTITY[o.kind] ?? 'owner', proofs: '[]' };
    const reviewer = reviewers.get(o.project_id) ?? null;
    const row = (submitted: number, status: string, audited: number | null, note: string | null) => ({
      ...base, submitted_at: submitted, remind_at: submitted + 72 * HOUR, status, audit_note: note, audited_by: audited ? reviewer : null, audited_at: audited,
      state_at: audited ?? (status === 'overdue' ? submitted + 72 * HOUR : submitted), created_at: submitted, updated_at: audited ?? submitted,
    });
    if (o.certified && o.certified_at) {
      const submitted = o.certified_at - Math.floor((2 + ctx.rnd() * 40) * HOUR);
      // Some were refused once before they sent the right proof.
      if (ctx.rnd() < 0.12) applications.push(row(submitted - 6 * DAY, 'refused', submitted - 5 * DAY, ctx.pick(REFUSALS)));
      applications.push(row(submitted, 'passed', o.certified_at, null));
      continue;
    }
    const roll = ctx.rnd();
    if (roll < 0.1) {
      const submitted = Math.max(o.registered_at, ctx.now - Math.floor(ctx.rnd() * 150) * DAY - 10 * DAY);
      applications.push(row(submitted, 'refused', submitted + Math.floor((3 + ctx.rnd() * 40) * HOUR), ctx.pick(REFUSALS)));
    } else if (roll < 0.4) {
      // Waiting: within 72 hours, or past them and reminded.
      const hoursAgo = ctx.rnd() < 0.6 ? 2 + ctx.rnd() * 60 : 80 + ctx.rnd() * 200;
      const submitted = ctx.now - Math.floor(hoursAgo * HOUR);
      applications.push(row(submitted, hoursAgo > 72 ? 'overdue' : 'pending', null, null));
    }
  }
  await insertAll(db, 'resident_certification', applications);
}
