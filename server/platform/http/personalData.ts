import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Personal data in answers (issue 40 finding 1): a mobile number or an identity-card number is
 * masked in every `/api` JSON answer, whichever route wrote it (generic resources, module routes,
 * options labels, text with a number inside), unless the route declares why its caller may see
 * it (`config.personal`):
 * - `'own'`: the answer holds only the caller's own data (their sign-in result, their profile);
 * - `{ reveal: [btnCodes] }`: a caller holding one of the codes gets the full values, and each
 *   answer that revealed something is written to `personal_reveal_log` (who, which route, which
 *   record, when, from where).
 * The masked form is the lists' (first 3 and last 4 characters kept); an edit form sending a
 * masked value back unchanged keeps the stored one (server/engine/resources/writes.ts).
 */

/** A mobile number standing alone in a text: not part of a longer run of letters or digits. */
const MOBILE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/g;
/** A mainland identity-card number (18 characters with a plausible birth date). */
const ID_CARD = /(?<![0-9A-Za-z])[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])/g;

export function maskMobile(value: string): string {
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}

export function maskIdCard(value: string): string {
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** A text with every mobile and identity-card number in it masked. */
export function maskPersonalText(text: string): string {
  if (text.length < 11) return text;
  return text.replace(ID_CARD, maskIdCard).replace(MOBILE, maskMobile);
}

/** Whether a text holds a number that masking would hide. */
export function holdsPersonalData(text: string): boolean {
  if (text.length < 11) return false;
  MOBILE.lastIndex = 0;
  ID_CARD.lastIndex = 0;
  return MOBILE.test(text) || ID_CARD.test(text);
}

/** A copy of a JSON value with every string masked; `found` counts the strings it changed. */
export function maskPersonal(value: unknown, found = { n: 0 }, depth = 0): unknown {
  if (typeof value === 'string') {
    const masked = maskPersonalText(value);
    if (masked !== value) found.n++;
    return masked;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => maskPersonal(v, found, depth + 1));
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = maskPersonal(v, found, depth + 1);
  return out;
}

export type PersonalDataRule = 'own' | { reveal: string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Why this route's answer may hold full mobile or identity numbers (server/platform/http/personalData.ts); masked otherwise. */
    personal?: PersonalDataRule;
  }
}

/** Writes one row of the reveal log; the caller's transaction is not needed (the answer is a read). */
async function logReveal(app: FastifyInstance, request: FastifyRequest, values: number): Promise<void> {
  const staff = request.staff!;
  const target = JSON.stringify({ ...(request.query as object), ...((request.body as object) ?? {}) }).slice(0, 300);
  await app.db
    .insertInto('personal_reveal_log')
    .values({ at: Date.now(), staff_id: staff.id, staff_name: staff.name, route: `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 200), target, ip: request.ip, revealed: values })
    .execute();
  request.log.info({ staffId: staff.id, route: request.routeOptions.url, values }, 'personal data revealed');
}

/** preSerialization hook of the /api scope: masks what the route does not declare its caller may see. */
export function registerPersonalDataMasking(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (payload === null || typeof payload !== 'object') return payload;
    const rule = request.routeOptions.config?.personal;
    if (rule === 'own') return payload;
    const found = { n: 0 };
    const masked = maskPersonal(payload, found);
    if (!found.n) return payload;
    if (rule && request.staff && rule.reveal.some((code) => request.staff!.buttons.has(code))) {
      await logReveal(app, request, found.n);
      return payload;
    }
    return masked;
  });
}
