import type { ResourceHooks } from '../../../engine/hooks.ts';

/** The change log: a project's changes follow the project scope; company-wide changes (no project) are seen by all who may read the log. */
export const configChangeHooks: ResourceHooks = {
  visibleRows: ({ projects }) => (eb) => eb.or([eb('config_change.project_ref', 'is', null), ...(projects.length ? [eb('config_change.project_ref', 'in', projects)] : [])]),
};
