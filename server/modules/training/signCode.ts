import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import { badRequest } from '../../platform/http/envelope.ts';

/**
 * A training session's sign-in code: `TR1.<training id>.<expiry ms>.<HMAC>` under a key derived
 * from PMS_SIGN_SEED. The organiser shows it as a QR code; the staff app sends what it scanned
 * and the server accepts only a code it made itself, for that session, before it expires.
 */
const PREFIX = 'TR1';
export const CODE_FORGED = '签到码无效，请扫描培训现场的签到二维码';
export const CODE_EXPIRED = '签到码已过期，请向培训组织人索取新的签到码';
/** A code works until the session ends and half an hour after, for latecomers. */
export const CODE_GRACE_MS = 30 * 60_000;

const mac = (seed: string, body: string) => createHmac('sha256', `training-sign-in:${seed}`).update(body).digest('base64url');

export function makeSignCode(seed: string, trainingId: number, expiresAt: number): string {
  const body = `${PREFIX}.${trainingId}.${expiresAt}`;
  return `${body}.${mac(seed, body)}`;
}

/** The training id of a genuine, unexpired code (Chinese refusals otherwise). */
export function readSignCode(seed: string, code: string, now = Date.now()): number {
  const match = /^TR1\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(code.trim());
  if (!match) throw badRequest(CODE_FORGED);
  const expected = Buffer.from(mac(seed, `${PREFIX}.${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(CODE_FORGED);
  if (!(Number(match[2]) > now)) throw badRequest(CODE_EXPIRED);
  return Number(match[1]);
}

/** The code as a QR image the page shows (a data URL, so no second request carries it). */
export const signCodeImage = (code: string) => QRCode.toDataURL(code, { errorCorrectionLevel: 'M', width: 240, margin: 2 });
