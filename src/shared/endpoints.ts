import type { BtnGuard, DetailPage, EndpointDef, PageSchema, ReportDef, ResourceDef } from './schemaTypes.ts';
import type { ClientResource } from './resourceMeta.ts';

/** Rows one list call may ask for, unless the resource declares its own maxPageSize. */
export const DEFAULT_MAX_PAGE_SIZE = 200;

/** Most rows the resource's list endpoint answers at once (the server refuses more). */
export const maxPageSize = (resource: ResourceDef): number => resource.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;

export const guardCodes = (guard: BtnGuard | undefined): string[] => (guard === undefined ? [] : Array.isArray(guard) ? guard : [guard]);

/** The endpoint ids a resource gets, shared by the server (routes) and the browser (calls): "<name>.list", ... */
export function resourceEndpoints(resource: ClientResource): EndpointDef[] {
  const p = resource.readOnly ? { view: resource.permissions.view, export: resource.permissions.export } : resource.permissions;
  const e = (op: string, method: EndpointDef['method'], btnCode: BtnGuard | undefined, extra?: Partial<EndpointDef>): EndpointDef | null =>
    btnCode === undefined ? null : { id: `${resource.name}.${op}`, service: resource.service, method, path: `${resource.path}/${op}`, btnCode, ...extra };
  // The operations that change records carry what the resource declares a write makes stale.
  const writes = resource.invalidates ? { invalidates: resource.invalidates } : {};
  return [
    e('list', 'POST', p.view),
    e('detail', 'GET', p.view),
    e('options', 'GET', p.view),
    e('add', 'POST', p.add, writes),
    e('update', 'POST', p.update, writes),
    e('delete', 'POST', p.delete, writes),
    resource.enable ? e('enable', 'POST', p.enable, writes) : null,
    e('export', 'GET', p.export),
    e('import', 'POST', p.import, { encoding: 'multipart', ...writes }),
    e('template', 'GET', p.import),
    // Masked fields in full, for a caller who may (the server also requires the view code) and is logged.
    resource.masked ? e('reveal', 'POST', p.reveal) : null,
    resource.orderField ? e('reorder', 'POST', p.reorder, writes) : null,
    // The scope picker's choices, for whoever may write the record.
    resource.audience && (p.add || p.update) ? e('audienceOptions', 'GET', [...guardCodes(p.add), ...guardCodes(p.update)]) : null,
    ...(resource.workflow
      ? [
          e('transition', 'POST', resource.workflow.transitions.flatMap((t) => guardCodes(t.btnCode)), writes),
          e('batchTransition', 'POST', resource.workflow.transitions.flatMap((t) => guardCodes(t.btnCode)), writes),
          e('timeline', 'GET', p.view),
        ]
      : []),
  ].filter((x): x is EndpointDef => x !== null);
}

/** The endpoint ids a report gets: "<name>.query" (figures), "<name>.export" (Excel), "<name>.drill" (records behind a figure), "<name>.exportAsync" (download center). */
export function reportEndpoints(report: Pick<ReportDef, 'name' | 'service' | 'path' | 'permissions'> & { drill?: unknown }): EndpointDef[] {
  const base = { service: report.service };
  return [
    { ...base, id: `${report.name}.query`, method: 'POST', path: `${report.path}/query`, btnCode: report.permissions.view },
    ...(report.permissions.export ? [{ ...base, id: `${report.name}.export`, method: 'GET' as const, path: `${report.path}/export`, btnCode: report.permissions.export }] : []),
    // The records behind a figure, and the background export (download center) of the table or of those records.
    ...(report.drill ? [{ ...base, id: `${report.name}.drill`, method: 'POST' as const, path: `${report.path}/drill`, btnCode: report.permissions.view }] : []),
    ...(report.permissions.export ? [{ ...base, id: `${report.name}.exportAsync`, method: 'POST' as const, path: `${report.path}/exportAsync`, btnCode: report.permissions.export }] : []),
  ];
}

/** The endpoints of a resource's public pages: "<name>.publicLink" (makes a link, the page's btnCode) and "<name>.publicDetail" (reads with the link's token, no session). */
export function publicPageEndpoints(pages: PageSchema[], resource: Pick<ResourceDef, 'name' | 'service' | 'path'>): EndpointDef[] {
  const own = pages.filter((p): p is DetailPage => p.kind === 'detail' && p.resource === resource.name && Boolean(p.public));
  if (!own.length) return [];
  const base = { service: resource.service };
  return [
    { ...base, id: `${resource.name}.publicLink`, method: 'POST', path: `${resource.path}/publicLink`, btnCode: [...new Set(own.map((p) => p.public!.btnCode))] },
    { ...base, id: `${resource.name}.publicDetail`, method: 'GET', path: `${resource.path}/publicDetail` },
  ];
}
