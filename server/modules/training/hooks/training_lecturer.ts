import type { FastifyInstance } from 'fastify';
import type { ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { staffOptionsRoute } from '../staffOptions.ts';

/** An internal lecturer is one of our staff; an external one comes from a named organisation. */
export const trainingLecturerHooks: ResourceHooks = {
  beforeSave({ values, current }) {
    const merged = { ...current, ...values };
    if (merged.source === 'internal') {
      if (!merged.staff_id) throw badRequest('内部讲师请选择对应员工');
      values.company = null;
    } else {
      if (!merged.company) throw badRequest('外部讲师请填写所属单位');
      values.staff_id = null;
    }
  },
  async routes(app: FastifyInstance) {
    staffOptionsRoute(app, ['lecturer:add', 'lecturer:edit']);
  },
};
