import type { FastifyInstance } from 'fastify';
import type { ResourceHooks } from '../../../engine/hooks.ts';
import { staffOptionsRoute } from '../staffOptions.ts';

/** Technical skill certificates: the staff picker of their form (review and expiry are the resource's workflow and timer). */
export const technicalSkillHooks: ResourceHooks = {
  async routes(app: FastifyInstance) {
    staffOptionsRoute(app, ['technicalSkill:add', 'technicalSkill:edit']);
  },
};
