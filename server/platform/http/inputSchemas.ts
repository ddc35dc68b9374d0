import type { FastifyInstance } from 'fastify';
import { badRequest } from './envelope.ts';

/** Accepts no parameter at all; the signature's timestamp and nonce are removed before validation. */
const NO_QUERY = { type: 'object', additionalProperties: false, properties: {} };
/** Accepts no field; an absent body (and a multipart one, which routes read as a stream) is fine. */
const NO_BODY = { type: 'object', nullable: true, additionalProperties: false, properties: {} };
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every /api input is validated: a route that declares no querystring or body schema gets
 * one that accepts nothing, so an unexpected parameter is refused with 400 instead of
 * reaching a handler that never expected it.
 */
export function registerInputDefaults(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    schema.querystring ??= NO_QUERY;
    if ([route.method].flat().some((m) => WITH_BODY.has(m))) schema.body ??= NO_BODY;
  });
  // After validation: ajv's coercion turns "Infinity" into Infinity and then skips minimum and
  // maximum (they only test finite numbers), and JSON's 1e400 parses as Infinity; no route wants one.
  app.addHook('preHandler', async (request) => {
    if (hasNonFiniteNumber(request.body) || hasNonFiniteNumber(request.query)) throw badRequest('数值无效或超出范围');
  });
}

/** Whether a validated input holds Infinity or NaN anywhere (inputs are shallow: a few levels). */
function hasNonFiniteNumber(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  // Data only: a multipart body may hold streams and buffers, which are not inputs to look into.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  return Object.values(value).some((v) => hasNonFiniteNumber(v, depth + 1));
}

/** The query of an option list: the form's RemoteSelect asks each one with `all=true`. */
export const OPTION_LIST_QUERY = { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } };
