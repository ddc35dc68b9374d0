// The peers call the server exactly as the product does (src/core/request.ts): the session
// token from localStorage, the secret from /runtime-config.json, the body signed with a
// timestamp and nonce that also travel in the query.
import { deriveSecret, sign } from '../../../src/shared/signature.ts';

let secret: Promise<string> | undefined;
const loadSecret = () => (secret ??= fetch('/runtime-config.json', { cache: 'no-store' }).then((r) => r.json()).then((c: { signSeed: string }) => deriveSecret(c.signSeed)));

function nonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** POSTs JSON fields signed like the product and answers the service's envelope. */
export async function signedPost<T>(path: string, fields: Record<string, unknown>): Promise<{ status: string; message: string; data?: T }> {
  const replay = { timestamp: Date.now(), nonce: nonce() };
  const token = localStorage.getItem('token') ?? '';
  const response = await fetch(`${path}?${new URLSearchParams({ timestamp: String(replay.timestamp), nonce: replay.nonce })}`, {
    method: 'POST',
    cache: 'no-store',
    credentials: 'include',
    headers: {
      'content-type': 'application/json',
      authtoken: token,
      token,
      userId: localStorage.getItem('staffId') ?? '',
      platform: 'web',
      'client-platform': 'pc',
      'client-env': 'prod',
      sign: sign({ ...fields, ...replay }, await loadSecret()),
    },
    body: JSON.stringify(fields),
  });
  return response.json();
}
