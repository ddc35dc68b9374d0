import { createHash, randomBytes } from 'node:crypto';
import type { AnyDB } from '../../engine/hooks.ts';
import './tables.ts';

const DAY = 86_400_000;
/** An owner stays signed in on their phone for 30 days at most, and 7 days without using the app. */
export const OWNER_SESSION_MAX_MS = 30 * DAY;
export const OWNER_SESSION_IDLE_MS = 7 * DAY;

const hash = (token: string) => createHash('sha256').update(`owner:${token}`).digest('hex');

/** A new owner session for the customer: the random token for the app, its hash in the database. */
export async function createOwnerSession(db: AnyDB, customerId: number, terminal: string, now: number): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + OWNER_SESSION_MAX_MS;
  await db.insertInto('owner_session').values({ token_hash: hash(token), customer_id: customerId, terminal, created_at: now, last_seen_at: now, expires_at: expiresAt, revoked_at: null }).execute();
  return { token, expiresAt };
}

/** Why an owner token opens nothing: the answer's token_code as the staff sessions give it (-1 ran out, -2 ended). */
export type OwnerSessionProblem = 'missing' | 'invalid' | 'expired' | 'revoked';

/** The customer and terminal an owner token stands for, sliding its idle window (written at most once a minute). */
export async function resolveOwnerSession(db: AnyDB, token: string | undefined, now: number): Promise<{ customerId: number; terminal: string; tokenHash: string } | OwnerSessionProblem> {
  if (!token) return 'missing';
  const tokenHash = hash(token);
  const row = (await db.selectFrom('owner_session').select(['customer_id', 'terminal', 'last_seen_at', 'expires_at', 'revoked_at']).where('token_hash', '=', tokenHash).executeTakeFirst()) as { customer_id: number; terminal: string; last_seen_at: number; expires_at: number; revoked_at: number | null } | undefined;
  if (!row) return 'invalid';
  if (row.revoked_at !== null) return 'revoked';
  if (now >= row.expires_at || now - row.last_seen_at >= OWNER_SESSION_IDLE_MS) return 'expired';
  if (now - row.last_seen_at > 60_000) await db.updateTable('owner_session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).where('last_seen_at', '<', now).execute();
  return { customerId: row.customer_id, terminal: row.terminal, tokenHash };
}

/** Signs the session out: its token opens nothing any more, on any instance. */
export async function revokeOwnerSession(db: AnyDB, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('owner_session').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}
