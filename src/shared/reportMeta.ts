import type { ReportDef } from './schemaTypes.ts';

/**
 * What the shell needs of a report: its endpoints (reportEndpoints), not its measures, dimensions
 * and columns, which only its screen reads (src/engine/reportCatalogue.ts, in the report screens'
 * chunk). The build serves it as `schemas/<module>/reports/<x>.json?endpoints` (vite.config.ts).
 */
export type ReportEndpointsMeta = Pick<ReportDef, 'name' | 'service' | 'path' | 'permissions'> & { drill?: true };

export function reportEndpointsMeta(report: ReportDef): ReportEndpointsMeta {
  return { name: report.name, service: report.service, path: report.path, permissions: report.permissions, ...(report.drill ? { drill: true as const } : {}) };
}
