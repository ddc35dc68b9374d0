import type { FastifyInstance } from 'fastify';
import type { AnyDB } from '../../engine/hooks.ts';
import { ok } from '../../platform/http/envelope.ts';

/**
 * The posts a course or map is for (`GET /postOptions`), named with their organisation
 * (「客服管家（翠湖天地）」), for whoever edits courses, maps or pushes: the training
 * administrator needs no access to the post management screen for it.
 */
export async function postOptionsRoute(app: FastifyInstance): Promise<void> {
  const db = app.db as unknown as AnyDB;
  app.get(
    '/postOptions',
    { config: { btnCode: ['course:add', 'course:edit', 'learnMap:add', 'learnMap:edit'] }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { keyword: { type: 'string', maxLength: 64 }, all: { type: 'boolean' } } } } },
    async () => {
    const rows = await db.selectFrom('post').leftJoin('org', 'org.id', 'post.org_id').select(['post.id', 'post.name', 'org.name as org_name']).where('post.enabled', '=', 1).orderBy('post.org_id').orderBy('post.id').execute();
    return ok(rows.map((r) => ({ label: `${r.name}（${r.org_name ?? ''}）`, value: r.id })));
  },
  );
}
