import type { ResourceHooks } from '../engine/hooks.ts';

/**
 * Hooks of the resources that need more than their JSON definition, by resource name.
 * One file per resource next to this one; the JSON stays the single definition of fields.
 */
export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {};
