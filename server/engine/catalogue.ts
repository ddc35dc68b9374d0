import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EndpointDef, MenuCatalogue, PageSchema, ReportDef, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { schemaFiles } from './schemaFiles.ts';
import { checkSchemas } from './schemaCheck.ts';

export const SCHEMAS_DIR = path.resolve(import.meta.dirname, '../../schemas');

export interface ButtonEntry {
  code: string;
  name: string;
  /** Route of the page that offers it (its menu entry). */
  route: string;
}

/** Everything a configurator declared under schemas/, checked and cross-referenced. */
export interface Catalogue {
  pages: PageSchema[];
  resources: Map<string, ResourceDef>;
  reports: Map<string, ReportDef>;
  endpoints: Map<string, EndpointDef>;
  menuGroups: MenuCatalogue['groups'];
  buttons: Map<string, ButtonEntry>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything declared under schemas/ (loadCatalogue). */
    catalogue: Catalogue;
  }
}

export class CatalogueError extends Error {}

export { guardCodes, resourceEndpoints, reportEndpoints } from '../../src/shared/endpoints.ts';
import { publicPageEndpoints, reportEndpoints, resourceEndpoints } from '../../src/shared/endpoints.ts';
import { clientResource } from '../../src/shared/resourceMeta.ts';

/**
 * Loads schemas/ after checkSchemas (the lint's checks: meta-schemas, then cross-references such
 * as codes declared by a page, refs pointing at resources, unique endpoint ids). The server
 * refuses to start on any error, so nothing can require a code that does not exist.
 */
/** The check's verdict per schema tree as it stands: a test run starts a hundred servers over the same files. */
const verdicts = new Map<string, string[]>();
function checkedSchemas(root: string): string[] {
  const files = [...(['pages', 'resources', 'reports'] as const).flatMap((kind) => schemaFiles(root, kind)), path.join(root, 'endpoints.json'), path.join(root, 'menus.json')];
  const hash = createHash('sha1').update(root);
  for (const f of files) hash.update(`\0${f}\0`).update(fs.existsSync(f) ? fs.readFileSync(f) : '');
  const key = hash.digest('hex');
  let errors = verdicts.get(key);
  if (!errors) verdicts.set(key, (errors = checkSchemas(root)));
  return errors;
}

export function loadCatalogue(root = SCHEMAS_DIR): Catalogue {
  // The lint's own checks first: a mistake the lint reports stops the server, with the same words.
  const errors = checkedSchemas(root);
  if (errors.length) throw new CatalogueError(`schemas/ has ${errors.length} error(s); fix them (npm run lint:schemas lists the same):\n${errors.join('\n')}`);
  const read = <T>(file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  const pages = schemaFiles(root, 'pages').map((file) => read<PageSchema>(file));
  const resources = new Map(schemaFiles(root, 'resources').map((file) => read<ResourceDef>(file)).map((r) => [r.name, r]));
  const reports = new Map(schemaFiles(root, 'reports').map((file) => read<ReportDef>(file)).map((r) => [r.name, r]));
  const buttons = new Map<string, ButtonEntry>();
  for (const page of pages) for (const b of page.buttons ?? []) buttons.set(b.code, { ...b, route: page.route });
  const endpoints = new Map<string, EndpointDef>();
  for (const resource of resources.values()) for (const e of resourceEndpoints(clientResource(resource))) endpoints.set(e.id, e);
  for (const resource of resources.values()) for (const e of publicPageEndpoints(pages, resource)) endpoints.set(e.id, e);
  for (const report of reports.values()) for (const e of reportEndpoints(report)) endpoints.set(e.id, e);
  const endpointsFile = path.join(root, 'endpoints.json');
  if (fs.existsSync(endpointsFile)) for (const e of read<{ endpoints: EndpointDef[] }>(endpointsFile).endpoints) endpoints.set(e.id, e);
  return { pages, resources, reports, endpoints, menuGroups: read<MenuCatalogue>(path.join(root, 'menus.json')).groups, buttons };
}
