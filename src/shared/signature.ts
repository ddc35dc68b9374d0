import md5 from 'md5';

/**
 * The request signature of spec section 5, shared by the browser and the server:
 *  1. a string of parameters is URL-decoded and entries named `_` are skipped;
 *  2. the parameters are sorted ascending by name;
 *  3. each is written `name=value&`, a missing value as empty;
 *  4. `key=<secret>` is appended;
 *  5. the signature is the MD5 hex digest.
 * The header is `sign`. Replay protection stays inside the algorithm: `timestamp` and `nonce`
 * travel as parameters, so they are signed like any other.
 */
export type SignParams = Record<string, unknown> | string;

/** Spec 9: the secret is the seed reversed, then its characters sorted. */
export function deriveSecret(seed: string): string {
  return [...seed].reverse().sort().join('');
}

/** A parameter's text: missing as empty, objects and arrays as JSON. */
export function paramText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function pairs(params: SignParams): [string, string][] {
  if (typeof params === 'string') {
    return params
      .split('&')
      .filter(Boolean)
      .map((entry) => {
        const i = entry.indexOf('=');
        const decode = (t: string) => decodeURIComponent(t.replace(/\+/g, ' '));
        return i < 0 ? [decode(entry), ''] : [decode(entry.slice(0, i)), decode(entry.slice(i + 1))];
      })
      .filter(([name]) => name !== '_') as [string, string][];
  }
  return Object.entries(params).map(([name, value]) => [name, paramText(value)]);
}

/** The text that is hashed; exposed so tests and other services can compare step by step. */
export function signingText(params: SignParams, secret: string): string {
  const sorted = pairs(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${sorted.map(([name, value]) => `${name}=${value}&`).join('')}key=${secret}`;
}

export function sign(params: SignParams, secret: string): string {
  return md5(signingText(params, secret));
}

/** Replay window of signed requests: a timestamp further than this from the server's clock is refused. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
