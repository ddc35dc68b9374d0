import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/index.ts';

/** Records one sign-in attempt, successful (reason null) or not, for the login-log screen. */
export async function recordLogin(
  db: DB,
  request: FastifyRequest,
  attempt: { method: string; account: string; staff?: { id: number; name: string } | null; reason: string | null },
): Promise<void> {
  await db
    .insertInto('login_log')
    .values({
      at: Date.now(),
      account: attempt.account.slice(0, 64),
      staff_id: attempt.staff?.id ?? null,
      staff_name: attempt.staff?.name ?? null,
      method: attempt.method,
      ip: request.ip,
      user_agent: (request.headers['user-agent'] ?? '').slice(0, 300),
      success: attempt.reason ? 0 : 1,
      reason: attempt.reason,
    })
    .execute();
}
