import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import { dictItems } from '../../engine/resources/values.ts';

export default async function basisService(app: FastifyInstance) {
  /** Spec 7.3 basis getDictCode: the enabled items of a dictionary, for dictionary-backed selects everywhere. */
  app.get(
    '/dict/getDictCode',
    {
      config: { anyStaff: true },
      schema: { querystring: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 } } } },
    },
    async (request) => ok(await dictItems(app.db, (request.query as { code: string }).code)),
  );
}
