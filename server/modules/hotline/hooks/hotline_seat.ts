import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { OPTION_LIST_QUERY } from '../../../platform/http/inputSchemas.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';
import { staffWithButton } from '../../org/public.ts';
import { CALL_CODES } from '../routes.ts';

/** Seats of the 400 hotline: who may be given one are the staff who take calls or call back (by project). */
export const hotlineSeatHooks: ResourceHooks = {
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get('/staff', { config: { btnCode: ['hotline-seat:add', 'hotline-seat:edit'] }, schema: { querystring: OPTION_LIST_QUERY } }, async (request) => {
      const projects = await visibleProjectIds(app.db, request.staff!);
      const names = new Map((await app.db.selectFrom('org').select(['id', 'name']).where('id', 'in', projects.length ? projects : [0]).execute()).map((o) => [o.id, o.name]));
      const seen = new Map<number, string>();
      for (const project of projects) {
        for (const person of await staffWithButton(db, project, CALL_CODES)) if (!seen.has(person.id)) seen.set(person.id, `${person.name}（${names.get(project) ?? ''}）`);
      }
      return ok([...seen].map(([value, label]) => ({ label, value })));
    });
  },
};
