import { ok } from '../../platform/http/envelope.ts';
import { guardCodes } from '../../../src/shared/endpoints.ts';
import { AUDIENCE_MODES } from '../../../src/shared/audience.ts';
import { audienceOptions } from '../audience.ts';
import type { ResourceContext } from './context.ts';

/**
 * `/audienceOptions?field=&mode=&keyword=`: what the scope picker of one of the resource's
 * audience fields offers for a mode, within the caller's data scope (the same reach the write
 * is checked against), for whoever may add or update the record.
 */
export function registerAudienceOptions(ctx: ResourceContext): void {
  const { app, db, resource, p } = ctx;
  const fields = Object.entries(resource.fields).filter(([, f]) => f.audience);
  const codes = [...guardCodes(p.add), ...guardCodes(p.update)];
  if (!fields.length || !codes.length) return;
  const modes = [...new Set(fields.flatMap(([, f]) => Object.keys(AUDIENCE_MODES[f.audience!]).filter((m) => m !== 'all')))];
  app.get(
    '/audienceOptions',
    {
      config: { btnCode: codes },
      schema: {
        querystring: {
          type: 'object',
          required: ['field', 'mode'],
          additionalProperties: false,
          properties: { field: { type: 'string', enum: fields.map(([n]) => n) }, mode: { type: 'string', enum: modes }, keyword: { type: 'string', maxLength: 50 } },
        },
      },
    },
    async (request) => {
      const { field, mode, keyword } = request.query as { field: string; mode: string; keyword?: string };
      if (!(mode in AUDIENCE_MODES[resource.fields[field]!.audience!])) return ok([]);
      return ok(await audienceOptions(db, mode, request.staff!, undefined, keyword?.trim() || undefined));
    },
  );
}
