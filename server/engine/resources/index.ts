import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '../../../src/shared/schemaTypes.ts';
import type { ResourceHooks } from '../hooks.ts';
import { resourceContext } from './context.ts';
import { registerReads } from './query.ts';
import { registerReorder } from './reorder.ts';
import { registerTransfer } from './transfer.ts';
import { registerWorkflow } from './workflow.ts';
import { registerWrites } from './writes.ts';
import { registerPublicLinks } from '../publicLinks.ts';
import { registerAudienceOptions } from './audienceRoutes.ts';

export type { ListQuery } from './query.ts';

/**
 * The generic endpoints of one resource (list, detail, options, add, update, delete, enable,
 * transition, timeline, export, import, template), each with its input schema, permission and
 * data scope (scopeRows). The resource's own routes come first.
 */
export function resourceRoutes(resource: ResourceDef, hooks: ResourceHooks = {}, hooksByResource: Record<string, ResourceHooks> = {}) {
  return async function plugin(app: FastifyInstance) {
    if (hooks.routes) await hooks.routes(app);
    const ctx = resourceContext(app, resource, hooks, hooksByResource);
    registerReads(ctx);
    registerWrites(ctx);
    registerWorkflow(ctx);
    registerTransfer(ctx);
    registerReorder(ctx);
    registerPublicLinks(ctx);
    registerAudienceOptions(ctx);
  };
}
