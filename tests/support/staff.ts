import type { FastifyInstance } from 'fastify';

/** Staff members added straight into a test or bench database (thousands at once), with push domains `<prefix>_<n>`. */
export async function insertStaff(app: FastifyInstance, count: number, prefix: string): Promise<{ id: number; domain: string }[]> {
  const org = (await app.db.selectFrom('org').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    account: `${prefix}_${i}`,
    job_number: `${prefix}_${i}`,
    name: `${prefix}${i}`,
    mobile: `139${String(i).padStart(8, '0')}`,
    // No password: these accounts sign in only through sessions made for them.
    password_hash: '-',
    org_id: org,
    business_account_domain: `${prefix}_${i}`,
    enabled: 1,
    created_at: now,
    updated_at: now,
  }));
  return app.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    // In chunks: SQLite limits the bound variables of one statement.
    for (let i = 0; i < rows.length; i += 1000) ids.push(...(await trx.insertInto('staff').values(rows.slice(i, i + 1000)).returning('id').execute()).map((r) => r.id));
    return ids.map((id, i) => ({ id, domain: rows[i]!.business_account_domain }));
  });
}
