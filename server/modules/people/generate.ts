import type { AnyDB, Row } from '../../engine/hooks.ts';
import { writeTimeline } from '../../engine/resources/workflow.ts';
import type { StaffContext } from '../../platform/types.ts';

interface Indicator {
  name: string;
  category?: string | null;
  weight: number;
  max_score: number;
  standard?: string | null;
}

/** A sheet's number: the period and the staff member, so generating twice cannot make two. */
export const sheetCode = (periodId: number, staffId: number) => `JX${String(periodId).padStart(3, '0')}${String(staffId).padStart(5, '0')}`;

/** The enabled evaluation team nearest the project: the project's own, else its region's, else the company's. */
async function teamFor(trx: AnyDB, projectId: number): Promise<number | null> {
  for (let org: number | null = projectId; org; ) {
    const team = await trx.selectFrom('perf_team').select('id').where('kind', '=', 'team').where('enabled', '=', 1).where('org_id', '=', org).orderBy('id').executeTakeFirst();
    if (team) return team.id as number;
    const parent = (await trx.selectFrom('org').select('parent_id').where('id', '=', org).executeTakeFirst()) as { parent_id: number | null } | undefined;
    org = parent?.parent_id ?? null;
  }
  return null;
}

/**
 * Creates the period's sheets for the staff of `projects` (null: every project) whose post has an
 * enabled indicator set, each with one score row per indicator (weight_share = weight ÷ full marks,
 * so Σ score × weight_share is the weighted total out of 100). Idempotent: a staff member who has
 * the period's sheet is skipped. Runs in the caller's transaction; answers what it made and skipped.
 */
export async function generateSheets(trx: AnyDB, period: Row, projects: number[] | null, staff: StaffContext | null, now = Date.now()): Promise<{ created: number; existing: number; sheetIds: number[] }> {
  const sets = (await trx.selectFrom('perf_indicator_set').select(['post_name', 'indicators']).where('enabled', '=', 1).execute()) as { post_name: string; indicators: string }[];
  const byPost = new Map(sets.map((s) => [s.post_name, JSON.parse(s.indicators) as Indicator[]]));
  let people = trx
    .selectFrom('staff')
    .innerJoin('staff_post', 'staff_post.staff_id', 'staff.id')
    .innerJoin('post', 'post.id', 'staff_post.post_id')
    .innerJoin('org', 'org.id', 'post.org_id')
    .select(['staff.id as staff_id', 'post.name as post_name', 'post.org_id as project_id'])
    .where('staff.enabled', '=', 1)
    .where('org.type', '=', 'project')
    .where('post.name', 'in', [...byPost.keys(), ''])
    .orderBy('staff.id')
    .orderBy('post.id');
  if (projects) people = people.where('post.org_id', 'in', projects.length ? projects : [0]);
  const seen = new Set<number>();
  let created = 0;
  let existing = 0;
  const sheetIds: number[] = [];
  for (const p of (await people.execute()) as { staff_id: number; post_name: string; project_id: number }[]) {
    if (seen.has(p.staff_id)) continue; // one sheet a period, by the first post
    seen.add(p.staff_id);
    const had = await trx.selectFrom('perf_sheet').select('id').where('period_id', '=', period.id as number).where('staff_id', '=', p.staff_id).executeTakeFirst();
    if (had) {
      existing++;
      continue;
    }
    const sheet = await trx
      .insertInto('perf_sheet')
      .values({
        code: sheetCode(period.id as number, p.staff_id),
        period_id: period.id,
        staff_id: p.staff_id,
        post_name: p.post_name,
        team_id: await teamFor(trx, p.project_id),
        project_id: p.project_id,
        status: 'self',
        state_at: now,
        created_by: staff?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [sort, i] of byPost.get(p.post_name)!.entries()) {
      await trx
        .insertInto('perf_score')
        .values({
          sheet_id: sheet.id,
          sort: sort + 1,
          indicator: i.name,
          category: i.category ?? null,
          standard: i.standard ?? null,
          weight: i.weight,
          max_score: i.max_score,
          weight_share: i.weight / i.max_score,
          created_by: staff?.id ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await writeTimeline(trx, 'perf_sheet', { id: sheet.id as number, action: 'generate', from: null, to: 'self', note: `生成${String(period.name)}考核表` }, staff);
    sheetIds.push(sheet.id as number);
    created++;
  }
  return { created, existing, sheetIds };
}
