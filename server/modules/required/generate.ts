import type { FastifyInstance } from 'fastify';
import { resolveAudience } from '../../engine/audience.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { dayOf, ruleAppliesOn } from '../../engine/schedule.ts';

/**
 * Reading records (应读): one per person, course and day an item applies on, made when it is
 * published (for today) and then each day by the timers' clock. The unique key (item, course,
 * staff, day) makes every run idempotent: publishing, the clock and a restart never make two.
 */

const DAY_MS = 86_400_000;
/** How far back a server that was down makes the days it missed. */
export const CATCH_UP_DAYS = 7;

/** The server-local midnight of a "YYYY-MM-DD" day. */
export const midnightOf = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).getTime();
};
const addDays = (day: string, n: number) => dayOf(midnightOf(day) + n * DAY_MS + 12 * 3_600_000);
/** The moment of "HH:mm" on a day. */
const atTime = (day: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return midnightOf(day) + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
};

/** The item's last day: its end date, the effective date of a one-off, or none (until withdrawn). */
export const lastDayOf = (item: Row): string | null => (item.repeat === 'once' ? String(item.effective_date) : item.end_date ? String(item.end_date) : null);

/** Whether the item applies on a day by its repeat. */
const appliesOn = (item: Row, day: string) => (item.repeat === 'weekly' ? ruleAppliesOn('week', item.week_days, day) : true);

/** The days due by `now`: from the later of its effective date, its publishing day and the catch-up horizon, to today and its last day. */
export function dueDays(item: Row, now: number): string[] {
  const today = dayOf(now);
  const from = [String(item.effective_date), dayOf(Number(item.published_at ?? now)), addDays(today, -CATCH_UP_DAYS)].sort()[2]!;
  // An expired item still gets the days it applied on before it expired (a server down on its last day catches up).
  const stop = item.status === 'expired' ? dayOf(Number(item.state_at)) : today;
  const to = [lastDayOf(item) ?? today, today, stop].sort()[0]!;
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (item.repeat !== 'once' || day === item.effective_date) if (appliesOn(item, day)) days.push(day);
  return days;
}

/**
 * Where each staff member works: the project above their organisation (else above a post's), and
 * their first post. Office staff above the projects are placed at their own organisation (a
 * region or the company), which only a company-wide data scope sees.
 */
async function placesOf(db: AnyDB, staffIds: number[]): Promise<Map<number, { projectId: number; postId: number | null }>> {
  const orgs = new Map(((await db.selectFrom('org').select(['id', 'parent_id', 'type']).execute()) as { id: number; parent_id: number | null; type: string }[]).map((o) => [o.id, o]));
  const projectAbove = (orgId: number | null | undefined): number | null => {
    for (let o = orgId == null ? undefined : orgs.get(orgId); o; o = o.parent_id == null ? undefined : orgs.get(o.parent_id)) if (o.type === 'project') return o.id;
    return null;
  };
  const staff = (await db.selectFrom('staff').select(['id', 'org_id']).where('id', 'in', [...staffIds, 0]).execute()) as { id: number; org_id: number }[];
  const posts = (await db.selectFrom('staff_post').innerJoin('post', 'post.id', 'staff_post.post_id').select(['staff_post.staff_id', 'post.id', 'post.org_id']).where('staff_post.staff_id', 'in', [...staffIds, 0]).orderBy('post.id').execute()) as { staff_id: number; id: number; org_id: number }[];
  return new Map(
    staff.map((s) => {
      const own = posts.filter((p) => p.staff_id === s.id);
      const projectId = projectAbove(s.org_id) ?? own.map((p) => projectAbove(p.org_id)).find((p) => p !== null) ?? s.org_id;
      return [s.id, { projectId, postId: own[0]?.id ?? null }];
    }),
  );
}

/** The enabled courses of an item, in its order. */
export async function coursesOf(db: AnyDB, itemId: number): Promise<Row[]> {
  return (await db.selectFrom('required_item_course').innerJoin('required_course', 'required_course.id', 'required_item_course.course_id').select(['required_course.id', 'required_course.title']).where('required_item_course.item_id', '=', itemId).where('required_course.enabled', '=', 1).orderBy('required_course.id').execute()) as Row[];
}

/** Makes the item's records of these days (inserts ignored when they exist); answers who got new ones today. */
export async function makeRecords(db: AnyDB, item: Row, days: string[], now: number): Promise<{ made: number; told: number[] }> {
  const courses = await coursesOf(db, Number(item.id));
  const staffIds = (await resolveAudience(db, 'staff', item.audience)).map((r) => r.staffId!).filter(Boolean);
  if (!days.length || !courses.length || !staffIds.length) return { made: 0, told: [] };
  const places = await placesOf(db, staffIds);
  const told = new Set<number>();
  let made = 0;
  for (const day of days) {
    for (const staffId of staffIds) {
      const place = places.get(staffId);
      if (!place) continue;
      for (const course of courses) {
        const inserted = await db
          .insertInto('required_read_record')
          .values({
            item_id: item.id, course_id: course.id, staff_id: staffId, post_id: place.postId, project_id: place.projectId, read_on: midnightOf(day),
            deadline_at: atTime(day, String(item.deadline_time)), status: 'unread', remind_count: 0, created_by: null, created_at: now, updated_at: now,
          })
          .onConflict((oc) => oc.columns(['item_id', 'course_id', 'staff_id', 'read_on']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) continue;
        made += 1;
        if (day === dayOf(now)) told.add(staffId);
      }
    }
  }
  return { made, told: [...told] };
}

/**
 * Makes the item's records due by `now` and tells each person who got new ones today with a
 * to-do notice. Answers the number made.
 */
export async function generateForItem(app: FastifyInstance, db: AnyDB, item: Row, now: number): Promise<number> {
  const { made, told } = await makeRecords(db, item, dueDays(item, now), now);
  if (told.length) {
    const titles = (await coursesOf(db, Number(item.id))).map((c) => `「${String(c.title)}」`).join('');
    await app.notices.send(db as never, { staffIds: told, category: '1', type: 'required_reading', title: '班前必读', content: `${String(item.title)}：请在今天 ${String(item.deadline_time)} 前阅读${titles}`.slice(0, 200), functionId: null });
  }
  return made;
}

/** One pass of the clock: the due records of every published item, and of those expired within the catch-up days. */
export async function generateDue(app: FastifyInstance, db: AnyDB, now: number): Promise<number> {
  const items = (await db
    .selectFrom('required_item')
    .selectAll()
    .where((eb) => eb.or([eb('status', '=', 'published'), eb.and([eb('status', '=', 'expired'), eb('state_at', '>', now - (CATCH_UP_DAYS + 1) * DAY_MS)])]))
    .execute()) as Row[];
  let made = 0;
  for (const item of items) made += await generateForItem(app, db, item, now);
  return made;
}
