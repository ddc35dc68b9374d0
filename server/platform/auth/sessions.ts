import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import { VersionedCache } from './authVersion.ts';

export interface SessionPolicy {
  idleSeconds: number;
  maxSeconds: number;
}

export interface ActiveSession {
  staffId: number;
  createdAt: number;
  expiresAt: number;
  /** The auth counter's count the session was read at (authVersion.ts): what the request may trust a staff context kept at. */
  authVersion: number;
}

/** Why a token no longer opens a session; the request core maps these to token_code -1 / -2. */
export type SessionProblem = 'missing' | 'invalid' | 'idle-expired' | 'max-expired' | 'revoked' | 'disabled';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A session ended by sign-out or revocation: one token (by hash) or every session of a staff member. */
export type SessionEnd = { tokenHash: string } | { staffId: number };

/**
 * Server-side sessions: the browser holds a random 256-bit token, the database only its
 * SHA-256, so a leaked database gives no usable tokens.
 */
interface SessionRow {
  staff_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  enabled: number;
}

export class SessionStore {
  private readonly endListeners = new Set<(ended: SessionEnd) => void>();
  /** Rows by token hash, kept while no session, staff or grant changed (authVersion.ts); none without a version. */
  private readonly rows: VersionedCache<string, SessionRow> | null;

  constructor(
    private readonly db: DB,
    private readonly policy: SessionPolicy,
    private readonly now: () => number = Date.now,
    private readonly version?: () => number,
  ) {
    this.rows = version ? new VersionedCache(version) : null;
  }

  async create(staffId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const t = this.now();
    await this.db
      .insertInto('session')
      .values({
        token_hash: hash(token),
        staff_id: staffId,
        created_at: t,
        last_seen_at: t,
        expires_at: t + this.policy.maxSeconds * 1000,
        revoked_at: null,
        ip: meta.ip ?? null,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    return token;
  }

  /** Resolves a token and slides its idle window; returns the problem when it does not open a session. */
  touch(token: string | undefined): Promise<ActiveSession | SessionProblem> {
    return this.resolve(token, true);
  }

  /** Resolves a token without sliding its idle window (a live push connection is no activity). */
  peek(token: string | undefined): Promise<ActiveSession | SessionProblem> {
    return this.resolve(token, false);
  }

  /** Tells a listener (the push broker) at once when revoke or revokeAllOf ends sessions. */
  onEnd(listener: (ended: SessionEnd) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  private ended(ended: SessionEnd): void {
    for (const listener of this.endListeners) listener(ended);
  }

  private async resolve(token: string | undefined, slide: boolean): Promise<ActiveSession | SessionProblem> {
    if (!token) return 'missing';
    const tokenHash = hash(token);
    // Without a synchronous counter (PostgreSQL) the row is read at every call, and the
    // counter in the same statement: one snapshot, one round trip.
    let version = this.version?.();
    let row = version === undefined ? undefined : this.rows?.get(tokenHash, version);
    if (!row) {
      const read = await this.db
        .selectFrom('session')
        .innerJoin('staff', 'staff.id', 'session.staff_id')
        .select(['session.staff_id', 'session.created_at', 'session.last_seen_at', 'session.expires_at', 'session.revoked_at', 'staff.enabled'])
        .select(sql<number>`(select n from auth_version)`.as('auth_version'))
        .where('session.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (read) {
        const { auth_version, ...fields } = read;
        // The counter read before the row where there is one (a change meanwhile is not hidden).
        version ??= auth_version;
        row = fields;
        this.rows?.set(tokenHash, version, row);
      }
    }
    if (!row || version === undefined) return 'invalid';
    const t = this.now();
    if (row.revoked_at !== null) return 'revoked';
    if (!row.enabled) return 'disabled';
    if (t >= row.expires_at) return 'max-expired';
    if (t - row.last_seen_at >= this.policy.idleSeconds * 1000) return 'idle-expired';
    // Write at most once a minute: the idle window does not need millisecond precision. Only
    // forward: of two requests sliding at once (PostgreSQL runs them side by side) the earlier
    // clock may commit last, and a clock moved back counts as a change of rights (auth_version).
    if (slide && t - row.last_seen_at > 60_000) {
      row.last_seen_at = t;
      await this.db.updateTable('session').set({ last_seen_at: t }).where('token_hash', '=', tokenHash).where('last_seen_at', '<', t).execute();
    }
    return { staffId: row.staff_id, createdAt: row.created_at, expiresAt: row.expires_at, authVersion: version };
  }

  hashOf(token: string): string {
    return hash(token);
  }

  async revoke(token: string): Promise<void> {
    await this.db.updateTable('session').set({ revoked_at: this.now() }).where('token_hash', '=', hash(token)).where('revoked_at', 'is', null).execute();
    this.ended({ tokenHash: hash(token) });
  }

  async revokeAllOf(staffId: number): Promise<void> {
    await this.db.updateTable('session').set({ revoked_at: this.now() }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
    this.ended({ staffId });
  }
}
