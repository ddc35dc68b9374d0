import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import type { EndpointDef, MenuCatalogue, PageSchema, ReportDef, ResourceDef } from '../../src/shared/schemaTypes.ts';
import { guardCodes } from '../../src/shared/endpoints.ts';
import { CORE_REF_TABLES } from '../../src/shared/registry.ts';
import { schemaFiles, strayFiles } from './schemaFiles.ts';

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

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueError(`${file}: not valid JSON (${(error as Error).message})`);
  }
}

export { guardCodes, resourceEndpoints, reportEndpoints } from '../../src/shared/endpoints.ts';
import { reportEndpoints, resourceEndpoints } from '../../src/shared/endpoints.ts';
import { clientResource } from '../../src/shared/resourceMeta.ts';

/**
 * Loads schemas/: validates every file against its meta-schema, then cross-references
 * (resources' codes are declared by a page, refs point at resources, endpoint ids are unique).
 * The server refuses to start on any error, so nothing can require a code that does not exist.
 */
export function loadCatalogue(root = SCHEMAS_DIR): Catalogue {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const meta = (name: string) => ajv.compile(readJson(path.join(root, 'meta', name)) as object);
  const validatePage = meta('page.schema.json');
  const validateResource = meta('resource.schema.json');
  const validateEndpoints = meta('endpoints.schema.json');
  const validateMenus = meta('menus.schema.json');
  const validateReport = meta('report.schema.json');
  const check = (file: string, validate: ReturnType<typeof meta>, doc: unknown) => {
    if (!validate(doc)) {
      const e = validate.errors![0]!;
      throw new CatalogueError(`${path.relative(root, file)}#${e.instancePath || '/'}: ${e.message}`);
    }
  };

  // A file the catalogue would silently skip (say, in the flat pages/ of old) is a mistake.
  for (const file of strayFiles(root)) throw new CatalogueError(`${path.relative(root, file)}: read by nothing; a module's files go in <module>/pages/, <module>/resources/ or <module>/reports/`);

  const menusFile = path.join(root, 'menus.json');
  const menus = readJson(menusFile) as MenuCatalogue;
  check(menusFile, validateMenus, menus);

  const pages = schemaFiles(root, 'pages').map((file) => {
    const doc = readJson(file) as PageSchema;
    check(file, validatePage, doc);
    return doc;
  });
  /** Where each resource and report is defined, for messages: "<module>/resources/<x>.json". */
  const fileOf = new Map<string, string>();
  const resources = new Map<string, ResourceDef>();
  for (const file of schemaFiles(root, 'resources')) {
    const doc = readJson(file) as ResourceDef;
    check(file, validateResource, doc);
    if (resources.has(doc.name)) throw new CatalogueError(`${path.relative(root, file)}: resource "${doc.name}" is defined twice`);
    resources.set(doc.name, doc);
    fileOf.set(doc.name, path.relative(root, file));
  }

  const reports = new Map<string, ReportDef>();
  for (const file of schemaFiles(root, 'reports')) {
    const doc = readJson(file) as ReportDef;
    check(file, validateReport, doc);
    if (reports.has(doc.name) || resources.has(doc.name)) throw new CatalogueError(`${path.relative(root, file)}: the name "${doc.name}" is taken`);
    reports.set(doc.name, doc);
    fileOf.set(doc.name, path.relative(root, file));
  }

  const buttons = new Map<string, ButtonEntry>();
  for (const page of pages) {
    for (const b of page.buttons ?? []) {
      if (buttons.has(b.code)) throw new CatalogueError(`pages: button "${b.code}" is declared by ${buttons.get(b.code)!.route} and ${page.route}`);
      buttons.set(b.code, { ...b, route: page.route });
    }
  }

  const endpoints = new Map<string, EndpointDef>();
  const addEndpoint = (e: EndpointDef, where: string) => {
    if (endpoints.has(e.id)) throw new CatalogueError(`${where}: endpoint id "${e.id}" is declared twice`);
    endpoints.set(e.id, e);
  };
  for (const resource of resources.values()) {
    for (const [op, guard] of Object.entries(resource.permissions)) {
      for (const code of guardCodes(guard)) {
        if (!buttons.has(code)) throw new CatalogueError(`${fileOf.get(resource.name)}#/permissions/${op}: "${code}" is not a button of any page; declare it in a page's "buttons"`);
      }
    }
    for (const [name, field] of Object.entries(resource.fields)) {
      if (field.ref && !resources.has(field.ref) && !CORE_REF_TABLES.includes(field.ref)) throw new CatalogueError(`${fileOf.get(resource.name)}#/fields/${name}/ref: no resource "${field.ref}"`);
    }
    for (const e of resourceEndpoints(clientResource(resource))) addEndpoint(e, fileOf.get(resource.name)!);
  }
  for (const report of reports.values()) {
    for (const [op, guard] of Object.entries(report.permissions)) {
      for (const code of guardCodes(guard)) {
        if (!buttons.has(code)) throw new CatalogueError(`${fileOf.get(report.name)}#/permissions/${op}: "${code}" is not a button of any page; declare it in a page's "buttons"`);
      }
    }
    for (const e of reportEndpoints(report)) addEndpoint(e, fileOf.get(report.name)!);
  }
  const endpointsFile = path.join(root, 'endpoints.json');
  if (fs.existsSync(endpointsFile)) {
    const doc = readJson(endpointsFile) as { endpoints: EndpointDef[] };
    check(endpointsFile, validateEndpoints, doc);
    for (const e of doc.endpoints) addEndpoint(e, 'endpoints.json');
  }
  return { pages, resources, reports, endpoints, menuGroups: menus.groups, buttons };
}
