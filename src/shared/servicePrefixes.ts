/**
 * The service prefixes of spec 7.1. Each is mounted at /api/<prefix>, and the web app's
 * runtime config maps each to a base URL so one build can talk to another company's services.
 */
export const SERVICE_PREFIXES = [
  'auth', 'base', 'basis', 'patrol', 'task', 'workorder', 'workorderpms', 'message', 'file',
  'seal', 'commission', 'business', 'mkf', 'wxmanage', 'community', 'es', 'approve', 'report',
  'performance', 'learning', 'litigation', 'meeting', 'honor', 'notice', 'quest', 'module',
  'execution', 'transport', 'lottery', 'orion', 'owner',
] as const;

export type ServicePrefix = (typeof SERVICE_PREFIXES)[number];
