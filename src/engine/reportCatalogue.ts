import type { ReportDef } from '../shared/schemaTypes.ts';

/**
 * Every report definition, for the report screens only: imported by them, so the definitions load
 * with the report screens' chunk instead of with every list page (catalogue.ts keeps what the
 * shell needs of them, their endpoints).
 */
const reportModules = import.meta.glob<ReportDef>('../../schemas/*/reports/*.json', { eager: true, import: 'default' });

export const REPORTS = new Map(Object.values(reportModules).map((r) => [r.name, r]));
