import type { FastifyInstance } from 'fastify';
import type { ResourceHooks } from '../../../engine/hooks.ts';
import { ok } from '../../../platform/http/envelope.ts';

/**
 * Menus (schemas/org/resources/menu.json): the catalogue sync writes the declared title, group and
 * order at every start; administrators only write their own columns (display title and order,
 * hidden), which is how their choices survive restarts.
 */
export const menuHooks: ResourceHooks = {
  beforeSave({ values }) {
    // A cleared title means "use the page's own title", never an empty menu entry.
    if (typeof values.display_name === 'string' && values.display_name.trim() === '') values.display_name = null;
  },

  async routes(app: FastifyInstance) {
    /** The left menu's groups (schemas/menus.json) as select options: the menu list filters by them. */
    app.get(
      '/groups',
      { config: { btnCode: 'menu:view' }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } } },
      async () => ok(app.catalogue.menuGroups.map((g) => ({ label: g.title, value: g.prefix }))),
    );
  },
};
