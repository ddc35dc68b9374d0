import type { FastifyInstance } from 'fastify';

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
}

/** The query of an option list: the form's RemoteSelect asks each one with `all=true`. */
export const OPTION_LIST_QUERY = { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } };
