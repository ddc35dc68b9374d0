import type { AnyDB } from '../../engine/hooks.ts';

/** An organisation and those above it (a project, its region, the company), nearest first. */
export async function orgAncestors(q: AnyDB, orgId: number): Promise<number[]> {
  const chain: number[] = [];
  let at: number | null = orgId;
  while (at !== null && !chain.includes(at)) {
    chain.push(at);
    const row = (await q.selectFrom('org').select('parent_id').where('id', '=', at).executeTakeFirst()) as { parent_id: number | null } | undefined;
    at = row?.parent_id ?? null;
  }
  return chain;
}

/** An organisation and everything below it, read through the caller's connection (inside a write: its transaction). */
export async function orgBelow(q: AnyDB, orgId: number): Promise<number[]> {
  const rows = (await q
    .withRecursive('tree(id)', (qb) => qb.selectFrom('org').select('id').where('id', '=', orgId).unionAll((u) => u.selectFrom('org').innerJoin('tree', 'tree.id', 'org.parent_id').select('org.id')))
    .selectFrom('tree')
    .select('id')
    .execute()) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Whether a staff member belongs to an organisation: employed in it or below it, or assigned to work in it. */
export async function belongsTo(q: AnyDB, staffId: number, orgId: number): Promise<boolean> {
  const staff = (await q.selectFrom('staff').select('org_id').where('id', '=', staffId).executeTakeFirst()) as { org_id: number } | undefined;
  if (!staff) return false;
  if ((await orgBelow(q, orgId)).includes(staff.org_id)) return true;
  return Boolean(await q.selectFrom('staff_project').select('staff_id').where('staff_id', '=', staffId).where('project_id', '=', orgId).executeTakeFirst());
}
