import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deriveSecret, signingText, SIGNATURE_WINDOW_MS, type SignParams } from '../../../src/shared/signature.ts';
import { ApiError } from './envelope.ts';
import { NonceStore } from './nonces.ts';
import { SharedNonceStore } from './sharedStores.ts';

const UNSIGNED_QUERY_ENTRY = '_';

/** The shared helper's `sign` with Node's own MD5: the same digest of the same UTF-8 text, in a fraction of the pure-JS time every request pays. */
export const serverSign = (params: SignParams, secret: string): string => createHash('md5').update(signingText(params, secret)).digest('hex');

/** The parameters a request signs: its query, plus the fields of a JSON or form body. */
export function signedParams(request: FastifyRequest): Record<string, unknown> {
  const params: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
  // The query is the helper's string form, whose `_` entries (a cache-buster) are not signed (spec 5, rule 1).
  delete params[UNSIGNED_QUERY_ENTRY];
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && !request.isMultipart()) Object.assign(params, body);
  else if (body !== undefined && body !== null && !request.isMultipart()) params.body = body;
  return params;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Verifies the `sign` header on every /api request (spec 5), with replay protection inside the
 * algorithm: `timestamp` (ms) within 5 minutes of the server's clock and a `nonce` never seen
 * before, both signed. They are removed from the query afterwards so routes never see them.
 */
export function registerSignatureCheck(app: FastifyInstance, now: () => number = Date.now): void {
  const secret = deriveSecret(app.config.signSeed);
  const nonces = app.sqlite ? new NonceStore(app.sqlite, now) : new SharedNonceStore(app.db, now);
  app.addHook('onClose', async () => nonces.close());

  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.unsigned) return;
    const header = request.headers.sign;
    if (typeof header !== 'string' || !header) throw new ApiError(400, '请求缺少签名，请刷新页面后重试');
    const params = signedParams(request);
    // The request log's verdict (requestLog.ts): refused until every check below has passed.
    request.signOk = false;
    if (!sameText(serverSign(params, secret), header.toLowerCase())) throw new ApiError(403, '请求签名错误，请刷新页面后重试');

    const timestamp = Number(params.timestamp);
    const nonce = params.nonce;
    if (!Number.isFinite(timestamp) || typeof nonce !== 'string' || nonce.length < 8 || nonce.length > 64) {
      throw new ApiError(400, '请求缺少时间戳或随机数，请刷新页面后重试');
    }
    if (Math.abs(now() - timestamp) > SIGNATURE_WINDOW_MS) throw new ApiError(403, '请求已过期，请检查电脑时间后重试');
    if (!(await nonces.claim(nonce, timestamp + SIGNATURE_WINDOW_MS))) throw new ApiError(403, '重复的请求已被拒绝');

    request.signOk = true;
    const query = request.query as Record<string, unknown>;
    delete query.timestamp;
    delete query.nonce;
    delete query[UNSIGNED_QUERY_ENTRY];
  });
}
