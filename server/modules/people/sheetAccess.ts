import type { StaffContext } from '../../platform/types.ts';
import type { AnyDB, RowCondition } from '../../engine/hooks.ts';

/** Teams whose evaluations the staff member takes part in: as leader or as a member. */
export function teamsOf(db: AnyDB, staffId: number) {
  return db
    .selectFrom('perf_team')
    .select('perf_team.id')
    .where((eb) => eb.or([eb('perf_team.leader_id', '=', staffId), eb('perf_team.id', 'in', eb.selectFrom('perf_team_member').select('team_id').where('staff_id', '=', staffId))]));
}

/** Whether the caller sits on the team that evaluates this sheet (an "all" data scope counts as every team). */
export async function evaluates(db: AnyDB, staff: StaffContext, teamId: unknown): Promise<boolean> {
  if (staff.dataScopes.includes('all')) return true;
  if (typeof teamId !== 'number') return false;
  return Boolean(await teamsOf(db, staff.id).where('perf_team.id', '=', teamId).executeTakeFirst());
}

/**
 * The sheets a caller may read: their own, those of the teams they sit on, and, with 查看考核表
 * (perfSheet:view), every sheet of the projects their data scope reaches. Anyone else's
 * performance is read by permission only (issue 36, privacy).
 */
export function visibleSheets(db: AnyDB, staff: StaffContext, projects: number[], alias = 'perf_sheet'): RowCondition {
  return (eb) =>
    eb.or([
      eb(`${alias}.staff_id`, '=', staff.id),
      eb(`${alias}.team_id`, 'in', teamsOf(db, staff.id)),
      ...((staff.buttons.has('perfSheet:view') || staff.buttons.has('perfSheet:ledger')) && projects.length ? [eb(`${alias}.project_id`, 'in', projects)] : []),
    ]);
}
