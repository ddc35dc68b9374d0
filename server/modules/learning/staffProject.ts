import type { AnyDB } from '../../engine/hooks.ts';

/** The project a staff member works at (their organisation or the nearest project above it); null for company and regional staff. */
export async function projectOfStaff(db: AnyDB, staffId: number): Promise<number | null> {
  const staff = await db.selectFrom('staff').select('org_id').where('id', '=', staffId).executeTakeFirst();
  let orgId = (staff?.org_id as number | null) ?? null;
  for (let depth = 0; orgId !== null && depth < 10; depth++) {
    const org = await db.selectFrom('org').select(['id', 'type', 'parent_id']).where('id', '=', orgId).executeTakeFirst();
    if (!org) return null;
    if (org.type === 'project') return org.id as number;
    orgId = (org.parent_id as number | null) ?? null;
  }
  return null;
}
