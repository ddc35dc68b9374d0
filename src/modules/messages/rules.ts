import type { PushMessage } from '../../shared/push.ts';

export interface GateDeps {
  /** Spec 7.4 read check: true read, false unread, null when the check failed. */
  isRead(messageId: number): Promise<boolean | null>;
  /** The messageId last shown in this browser session. */
  lastShown(): string | null;
}

/** A received payload as a push message, or null when it is not one (not JSON, not an object). */
export function parsePush(payload: string): PushMessage | null {
  try {
    const value = JSON.parse(payload) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as PushMessage) : null;
  } catch {
    return null;
  }
}

/**
 * Rules 1 to 3 of spec 4 "Push notice", in order; the caller applies rules 4 and 5 when showing.
 * 1. no category: ignored; 2. the messageId last shown in this browser session: dropped;
 * 3. the first message only: shown only if the server says it is unread (isRead 0).
 */
export function createNoticeGate(deps: GateDeps) {
  let firstChecked = false;
  return async function admit(message: PushMessage): Promise<boolean> {
    if (!message.category) return false;
    const messageId = message.pushParams?.messageId;
    if (messageId !== undefined && messageId !== null && String(messageId) === deps.lastShown()) return false;
    if (!firstChecked) {
      firstChecked = true;
      if (messageId === undefined || messageId === null) return false;
      return (await deps.isRead(Number(messageId))) === false;
    }
    return true;
  };
}
