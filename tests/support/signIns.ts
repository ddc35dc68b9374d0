import type { TestServer } from './server.ts';

/**
 * Writes this many past sign-ins straight into the login log (a busy company's day), newest
 * last; the account of the i-th (1-based) is `account-<i>`, so a test can tell the oldest row.
 */
export async function addSignIns(server: TestServer, count: number): Promise<void> {
  const from = Date.now() - 86_400_000;
  const rows = Array.from({ length: count }, (_, i) => ({ at: from + i * 1000, account: `account-${i + 1}`, method: 'password', ip: '127.0.0.1', user_agent: 'bench', success: 1 }));
  await server.app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('login_log').values(rows.slice(i, i + 500)).execute();
  });
}
