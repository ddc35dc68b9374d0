// The one validator of schemas/: run by `npm run lint:schemas` (scripts/lint-schemas.ts) and by the
// server at start (loadCatalogue), so the server refuses exactly what the lint refuses. Every page,
// resource, report, endpoint and menu file is checked with ajv (strict, all errors) against its
// meta-schema, then across files: endpoint ids, btnCodes, components, cells, routes, resource
// fields and report columns must all exist. Each error names the file, the JSON pointer and what to do.
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { Action, EndpointDef, FieldMap, MenuCatalogue, PageSchema, ReportDef, ResourceDef, TableSection } from '../../src/shared/schemaTypes.ts';
import { guardCodes, maxPageSize, publicPageEndpoints, reportEndpoints, resourceEndpoints } from '../../src/shared/endpoints.ts';
import { DEFAULT_PAGE_SIZE } from '../../src/shared/tablePreferences.ts';
import { clientResource } from '../../src/shared/resourceMeta.ts';
import { CORE_REF_TABLES, FILTER_COMPONENTS, isRegisteredComponent } from '../../src/shared/registry.ts';
import { checkExpression, findExpressions } from '../../src/shared/expressions.ts';
import { schemaFiles, strayFiles } from './schemaFiles.ts';
import { tableColumns } from './tables.ts';
import { shapeProblems } from './jsonShapes.ts';
import { computedProblems } from './computedCheck.ts';
import { relatedProblems } from './relatedCheck.ts';
import { borrowProblems } from './borrowCheck.ts';
import { childTabProblems } from './detailTabsCheck.ts';
import { printProblems } from './printCheck.ts';
import { nestedImportProblems } from './nestedImportCheck.ts';
import { audienceFieldProblems, audiencePickerProblems } from './audienceLint.ts';
import { geoFieldProblems, mapPickerProblems } from './geoLint.ts';
import { runtimeProblems } from './runtimeChecks.ts';
import { checkReportExpressions, checkReportPage } from './reportCheck.ts';
import { calendarProblems, calendarRowProblems } from './calendarCheck.ts';
import { isLatenessColumn, latenessColumnProblems, latenessProblems } from './latenessCheck.ts';
import { drillPageProblems, drillRouteProblems } from './drillPageCheck.ts';
import { actionProblems, missingEndpoint, type ActionRefs } from './actionCheck.ts';
import { approvalPointers, approvalProblems, workflowProblems } from './workflowCheck.ts';
import { linkColumnProblems } from './linkCheck.ts';
import { detailChartProblems } from './detailChartCheck.ts';

interface Doc<T> {
  file: string;
  doc: T;
}

const SYSTEM_FIELDS = new Set(['id', 'enabled', 'project_id', 'created_by', 'created_at', 'updated_at', 'state_at']);

const metaAjv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
const metaValidators = new Map<string, ValidateFunction>();
/** The validator of a meta-schema's text, compiled once per process (seconds for the page schema's; the lint's tests lint many copies). */
function metaValidator(text: string): ValidateFunction {
  let validate = metaValidators.get(text);
  if (!validate) {
    const schema = JSON.parse(text);
    delete schema.$id;
    metaValidators.set(text, (validate = metaAjv.compile(schema)));
  }
  return validate;
}

export function checkSchemas(root: string): string[] {
  const errors: string[] = [];
  const rel = (file: string) => path.relative(process.cwd(), file);
  const report = (file: string, pointer: string, message: string) => errors.push(`${rel(file)}#${pointer}: ${message}`);

  const validators = new Map<string, ValidateFunction>();
  for (const name of ['page', 'resource', 'endpoints', 'menus', 'report']) validators.set(`${name}.schema.json`, metaValidator(fs.readFileSync(path.join(root, 'meta', `${name}.schema.json`), 'utf8')));

  function load<T>(file: string, meta: string): Doc<T> | null {
    let doc: unknown;
    const text = fs.readFileSync(file, 'utf8');
    try {
      doc = JSON.parse(text);
    } catch (error) {
      report(file, '/', `not valid JSON at ${whereInText(text, (error as Error).message)} (${(error as Error).message}); fix the syntax`);
      return null;
    }
    const named = (doc as { $schema?: string }).$schema;
    // The exact relative path: a file moved between folders keeps a name that editors no longer find.
    const metaFile = path.join(root, 'meta', meta);
    if (!named || path.resolve(path.dirname(file), named) !== metaFile) report(file, '/$schema', `should be "${path.relative(path.dirname(file), metaFile).split(path.sep).join('/')}" so editors can check it`);
    const validate = validators.get(meta)!;
    if (!validate(doc)) {
      // anyOf over page kinds reports every branch; keep the issues of the branch the file chose.
      for (const e of pickIssues(validate.errors ?? [])) report(file, e.instancePath || '/', describe(e));
      return null;
    }
    return { file, doc: doc as T };
  }

  for (const file of strayFiles(root)) report(file, '/', "read by nothing; move it to a module's folder: <module>/pages/, <module>/resources/ or <module>/reports/");
  const pages = schemaFiles(root, 'pages').map((f) => load<PageSchema>(f, 'page.schema.json')).filter((d): d is Doc<PageSchema> => d !== null);
  const resources = schemaFiles(root, 'resources').map((f) => load<ResourceDef>(f, 'resource.schema.json')).filter((d): d is Doc<ResourceDef> => d !== null);
  const reports = schemaFiles(root, 'reports').map((f) => load<ReportDef>(f, 'report.schema.json')).filter((d): d is Doc<ReportDef> => d !== null);
  const menusFile = path.join(root, 'menus.json');
  const menus = fs.existsSync(menusFile) ? load<MenuCatalogue>(menusFile, 'menus.schema.json') : null;
  if (!menus) report(menusFile, '/', 'missing: the menu groups of the left menu');
  const endpointsFile = path.join(root, 'endpoints.json');
  const custom = fs.existsSync(endpointsFile) ? load<{ endpoints: EndpointDef[] }>(endpointsFile, 'endpoints.schema.json') : null;

  // Catalogues built from the documents.
  const resourceByName = new Map<string, Doc<ResourceDef>>();
  /** Approval kinds are global: one resource declares each (the file that did). */
  const approvalKinds = new Map<string, string>();
  for (const r of resources) {
    // Issue 40, finding 9: every JSON value has a declared, bounded structure, checked on every write
    // (a multi-select's values are checked against its enum or dictionary instead).
    for (const [name, field] of Object.entries(r.doc.fields ?? {})) {
      for (const problem of audienceFieldProblems(field)) report(r.file, `/fields/${name}/audience`, problem);
      for (const problem of geoFieldProblems(field)) report(r.file, `/fields/${name}/geo`, problem);
      if (field.type !== 'json' || field.through || field.enum || field.dict || field.audience || field.form || field.answersTo || field.geo) continue;
      if (!field.shape) report(r.file, `/fields/${name}`, `JSON field "${name}" needs a "shape" (the structure its value must have, e.g. {"type": "array", "maxItems": 9, "items": {"type": "string", "file": true}})`);
      else for (const problem of shapeProblems(field.shape)) report(r.file, `/fields/${name}/shape${problem.split(':')[0] === '/' ? '' : problem.split(':')[0]}`, problem.slice(problem.indexOf(':') + 2));
    }
    if (misplacedShape(r.doc)) report(r.file, '/fields', '"shape" belongs to JSON fields only');
    if (resourceByName.has(r.doc.name)) report(r.file, '/name', `resource "${r.doc.name}" is also defined in ${rel(resourceByName.get(r.doc.name)!.file)}`);
    resourceByName.set(r.doc.name, r);
  }
  const resourceDefs = new Map([...resourceByName].map(([name, r]) => [name, r.doc]));
  for (const r of resources) for (const [pointer, problem] of runtimeProblems(r.doc, resourceDefs)) report(r.file, pointer, problem);
  const buttons = new Map<string, string>();
  const routes = new Map<string, Doc<PageSchema>>();
  for (const p of pages) {
    if (routes.has(p.doc.route)) report(p.file, '/route', `route "${p.doc.route}" is also the route of ${rel(routes.get(p.doc.route)!.file)}`);
    routes.set(p.doc.route, p);
    (p.doc.buttons ?? []).forEach((b, i) => {
      if (buttons.has(b.code)) report(p.file, `/buttons/${i}/code`, `"${b.code}" is already declared by ${buttons.get(b.code)}`);
      else buttons.set(b.code, rel(p.file));
    });
  }
  const endpoints = new Set<string>();
  for (const r of resources) for (const e of resourceEndpoints(clientResource(r.doc))) endpoints.add(e.id);
  for (const r of resources) for (const e of publicPageEndpoints(pages.map((p) => p.doc), r.doc)) endpoints.add(e.id);
  const reportByName = new Map<string, Doc<ReportDef>>();
  for (const r of reports) {
    if (reportByName.has(r.doc.name) || resourceByName.has(r.doc.name)) report(r.file, '/name', `the name "${r.doc.name}" is already taken by a resource or report`);
    reportByName.set(r.doc.name, r);
    for (const e of reportEndpoints(r.doc)) endpoints.add(e.id);
  }
  custom?.doc.endpoints.forEach((e, i) => {
    if (endpoints.has(e.id)) report(custom.file, `/endpoints/${i}/id`, `endpoint "${e.id}" is declared twice`);
    endpoints.add(e.id);
    for (const code of guardCodes(e.btnCode)) if (!buttons.has(code)) report(custom.file, `/endpoints/${i}/btnCode`, `"${code}" is not a button of any page; declare it in a page's "buttons"`);
    if (e.invalidates && e.method === 'GET') report(custom.file, `/endpoints/${i}/invalidates`, 'a GET call writes nothing, so it makes no cache stale; drop "invalidates"');
  });

  const checkCode = (file: string, pointer: string, guard: unknown) => {
    for (const code of guardCodes(guard as string | string[] | undefined)) {
      if (!buttons.has(code)) report(file, pointer, `btnCode "${code}" is not in the permission catalogue; declare it in a page's "buttons"`);
    }
  };
  const checkEndpoint = (file: string, pointer: string, id: string) => {
    if (!endpoints.has(id)) report(file, pointer, missingEndpoint(id));
  };
  const pageDocs = new Map([...routes].map(([r, d]) => [r, d.doc]));
  const routeExists = (to: string) => [...routes.keys()].some((r) => r === to) || CORE_ROUTES.has(to);

  const actionRefs: ActionRefs = {
    resource: (name) => resourceByName.get(name)?.doc,
    hasEndpoint: (id) => endpoints.has(id),
    routeExists,
    pageKind: (route) => routes.get(route)?.doc.kind,
  };
  function checkActions(file: string, pointer: string, actions: Action[] | undefined, resource: string | undefined) {
    (actions ?? []).forEach((a, i) => checkCode(file, `${pointer}/${i}/btnCode`, a.btnCode));
    for (const [at, message] of actionProblems(actions, resource, actionRefs)) report(file, `${pointer}${at}`, message);
  }

  function checkFields(file: string, pointer: string, fields: FieldMap | undefined, resource: ResourceDef | undefined, filters: boolean) {
    for (const [name, field] of Object.entries(fields ?? {})) {
      const at = `${pointer}/${name}`;
      if (field['x-component'] && !isRegisteredComponent(field['x-component'])) report(file, `${at}/x-component`, `component "${field['x-component']}" is not registered; use one of src/shared/registry.ts`);
      if (field['x-decorator'] && !isRegisteredComponent(field['x-decorator'])) report(file, `${at}/x-decorator`, `decorator "${field['x-decorator']}" is not registered`);
      if (filters && !(FILTER_COMPONENTS as readonly string[]).includes(field['x-component'] ?? '')) report(file, `${at}/x-component`, `a filter takes one of ${FILTER_COMPONENTS.join(', ')} (the filter form's own components, src/engine/FilterCard.tsx)`);
      const props = field['x-component-props'] ?? {};
      const needs = ENDPOINT_COMPONENTS[field['x-component'] ?? ''];
      if (needs) {
        if (typeof props.endpoint !== 'string') report(file, `${at}/x-component-props`, `${field['x-component']} needs "endpoint", ${needs}`);
        else checkEndpoint(file, `${at}/x-component-props/endpoint`, props.endpoint);
      }
      if (field['x-component'] === 'DictSelect' && typeof props.dict !== 'string') report(file, `${at}/x-component-props`, 'DictSelect needs "dict", a dictionary code');
      if (field['x-component'] === 'AudiencePicker') for (const problem of audiencePickerProblems(name, props, resource)) report(file, `${at}/x-component-props`, problem);
      if (field['x-component'] === 'MapPicker') for (const problem of mapPickerProblems(name, props, resource)) report(file, `${at}/x-component-props`, problem);
      if (field.type === 'void' || !resource) continue;
      // A read-only view has no audit columns, but a project-scoped one has its project (the engine filters by it).
      const known = name in resource.fields || (SYSTEM_FIELDS.has(name) && !resource.readOnly) || name === 'id' || (name === 'project_id' && resource.scope === 'project') || (filters && name in (resource.relatedFilters ?? {}));
      const relatedColumn = filters && !(name in resource.fields) ? resource.related?.[name] : undefined;
      if (relatedColumn) {
        if (!relatedColumn.filter) report(file, at, `resource "${resource.name}" does not filter by its related column "${name}"; give it a "filter"`);
        continue;
      }
      if (!known) report(file, at, `field "${name}" is not a field of resource "${resource.name}"`);
      else if (filters && name in resource.fields && !resource.fields[name]!.filter) report(file, at, `resource "${resource.name}" does not filter by "${name}"; give the field a "filter" in its resource`);
    }
  }

  for (const { file, doc: page } of pages) {
    for (const { pointer, expression } of findExpressions(page)) {
      try {
        checkExpression(expression);
      } catch (error) {
        report(file, pointer, `expression "${expression}" cannot run: ${(error as Error).message}; use comparisons, && || !, ?: and $deps/$self/$values only`);
      }
    }
    if (page.order !== undefined && !page.menu) report(file, '/order', 'the page is not in the menu ("menu": true), so it has no place to order');
    if (page.permissionsOf && !routes.get(page.permissionsOf)) report(file, '/permissionsOf', `no page has the route "${page.permissionsOf}"`);
    checkCode(file, '/borrows', page.borrows);
    for (const [pointer, message] of borrowProblems(page, new Map([...routes].map(([r, d]) => [r, d.doc])), (code) => buttons.has(code))) report(file, pointer, message);
    if (page.kind === 'bespoke') {
      if (page.public && page.menu) report(file, '/menu', 'a public page is opened by its link, not from the menu');
      continue;
    }
    if (page.kind === 'alias') {
      if (routes.get(page.of)?.doc.kind !== 'detail') report(file, '/of', `"${page.of}" is not the route of a detail page`);
      continue;
    }
    if (page.kind === 'dashboard') {
      for (const [name, id] of Object.entries(page.sources)) if (!endpoints.has(id)) report(file, `/sources/${name}`, `no endpoint "${id}"; declare it in endpoints.json or use a resource's or report's`);
      const source = (pointer: string, name: string) => name in page.sources || report(file, pointer, `"${name}" is not one of this page's sources (${Object.keys(page.sources).join(', ')})`);
      page.todos?.from.forEach((t, i) => source(`/todos/from/${i}/source`, t.source));
      page.figures?.items.forEach((f, i) => {
        source(`/figures/items/${i}/source`, f.source);
        if (f.route && !routes.get(f.route)) report(file, `/figures/items/${i}/route`, `no page has the route "${f.route}"`);
      });
      continue;
    }
    if (page.kind === 'tabs') {
      page.tabs.forEach((t, i) => {
        if (routes.get(t.page)?.doc.kind !== 'list') report(file, `/tabs/${i}/page`, `"${t.page}" is not the route of a list page`);
      });
      continue;
    }
    if (page.kind === 'report') {
      const def = reportByName.get(page.report)?.doc;
      if (!def) {
        report(file, '/report', `no report "${page.report}" under schemas/<module>/reports/`);
        continue;
      }
      const measures = new Set(def.measures.map((m) => m.name));
      const checkMeasures = (pointer: string, names: string[] | undefined) =>
        (names ?? []).forEach((n, i) => measures.has(n) || report(file, `${pointer}/${i}`, `"${n}" is not a measure of report "${def.name}"; use one of ${[...measures].join(', ')}`));
      checkMeasures('/cards', page.cards);
      checkMeasures('/table', page.table);
      (page.charts ?? []).forEach((c, i) => checkMeasures(`/charts/${i}/measures`, c.measures));
      checkFields(file, '/filters', page.filters, undefined, true);
      for (const name of Object.keys(page.filters ?? {})) {
        const own = name === 'dateRange' ? Boolean(def.dateField) : name === 'project_id' ? Boolean(def.projectField) : name === 'groupBy' || name === 'pivotBy' || (def.filters ?? []).includes(name);
        if (!own) report(file, `/filters/${name}`, `report "${def.name}" does not filter by "${name}"; use dateRange, project_id, groupBy or one of its "filters"`);
      }
      checkReportPage(page, def, (pointer, message) => report(file, pointer, message));
      for (const [pointer, problem] of drillRouteProblems(page, def, page.drillRoute ? routes.get(page.drillRoute)?.doc : undefined)) report(file, pointer, problem);
      continue;
    }
    if (page.kind === 'drill') {
      for (const [pointer, problem] of drillPageProblems(page.route, reportByName.get(page.report)?.doc, page.report)) report(file, pointer, problem);
      continue;
    }
    const resource = resourceByName.get(page.resource)?.doc;
    if (!resource) {
      report(file, '/resource', `no resource "${page.resource}" under schemas/<module>/resources/`);
      continue;
    }
    if (page.kind === 'list') {
      checkFields(file, '/filters', page.filters, resource, true);
      page.columns.forEach((c, i) => {
        const computed = resource.computed?.[c.field];
        const related = resource.related?.[c.field];
        if (related && c.sortable && !related.sortable) report(file, `/columns/${i}/sortable`, `resource "${resource.name}" does not sort by its related column "${c.field}"; mark it "sortable"`);
        if (!computed && !related && !isLatenessColumn(resource, c) && !(c.field.split('.')[0]! in resource.fields) && !SYSTEM_FIELDS.has(c.field) && !(resource.scope === 'project' && c.field === 'project_name') && !isRefLabel(resource, c.field)) report(file, `/columns/${i}/field`, `"${c.field}" is not a field of resource "${resource.name}"`);
        if (c.sortable && c.field in resource.fields && !resource.fields[c.field]!.sortable) report(file, `/columns/${i}/sortable`, `resource "${resource.name}" does not sort by "${c.field}"; mark the field "sortable"`);
        if (c.sortable && computed && !computed.sortable) report(file, `/columns/${i}/sortable`, `resource "${resource.name}" does not sort by its computed column "${c.field}"; mark it "sortable"`);
        if (c.of && !(c.of in resource.fields) && !resource.computed?.[c.of]) report(file, `/columns/${i}/of`, `"${c.of}" is not a field or computed column of resource "${resource.name}"`);
        if (c.of && c.cell !== 'percent' && c.cell !== 'progress') report(file, `/columns/${i}/of`, '"of" is the 100 % of a "percent" or "progress" cell only');
        if (c.cell === 'dict' && !c.dict) report(file, `/columns/${i}`, 'a "dict" cell needs "dict", the dictionary code');
        for (const [at, problem] of latenessColumnProblems(resource, c)) report(file, `/columns/${i}${at}`, problem);
        checkCode(file, `/columns/${i}/btnCode`, c.btnCode);
        for (const [at, problem] of linkColumnProblems(c, resource, pageDocs)) report(file, `/columns/${i}${at}`, problem);
      });
      checkEndpoint(file, '/resource', `${page.resource}.list`);
      const limit = maxPageSize(resource);
      const tooLarge = `is more than resource "${resource.name}" answers at once (${limit}); lower it or raise the resource's "maxPageSize"`;
      if ((page.pageSize ?? DEFAULT_PAGE_SIZE) > limit) report(file, '/pageSize', `${page.pageSize} ${tooLarge}`);
      page.pageSizeOptions?.forEach((size, i) => size > limit && report(file, `/pageSizeOptions/${i}`, `${size} ${tooLarge}`));
      if (page.columns.length && page.columns.every((c) => c.hidden)) report(file, '/columns', 'every column is "hidden": show at least one by default');
      if (page.dragSort && !(resource.orderField && resource.permissions.reorder)) report(file, '/dragSort', `resource "${resource.name}" declares no "orderField" with "permissions.reorder", so dragged rows cannot be saved`);
      checkActions(file, '/toolbar', page.toolbar, page.resource);
      checkActions(file, '/rowActions', page.rowActions, page.resource);
      checkActions(file, '/batchActions', page.batchActions, page.resource);
      if (page.tree) {
        const treeResource = resourceByName.get(page.tree.resource)?.doc;
        if (!treeResource) report(file, '/tree/resource', `no resource "${page.tree.resource}"`);
        else if (!(page.tree.labelField in treeResource.fields)) report(file, '/tree/labelField', `"${page.tree.labelField}" is not a field of "${treeResource.name}"`);
        if (!(page.tree.filterField in resource.fields)) report(file, '/tree/filterField', `"${page.tree.filterField}" is not a field of "${resource.name}"`);
        checkActions(file, '/tree/actions', page.tree.actions, page.tree.resource);
      }
    }
    if (page.kind === 'calendar') {
      const shown = (field: string) => field in resource.fields || Boolean(resource.computed?.[field]) || SYSTEM_FIELDS.has(field) || isRefLabel(resource, field) || (resource.scope === 'project' && field === 'project_name');
      for (const [pointer, problem] of calendarProblems(page, resource, shown)) report(file, pointer, problem);
      checkFields(file, '/filters', page.filters, resource, true);
      checkEndpoint(file, '/resource', `${page.resource}.list`);
      checkActions(file, '/toolbar', page.toolbar, page.resource);
      checkCode(file, '/open/btnCode', page.open.btnCode);
      if (!routeExists(page.open.to)) report(file, '/open/to', `no screen has the route "${page.open.to}"; add its page schema or fix the path`);
      const slotForm = page.slot ? routes.get(page.slot.form) : undefined;
      if (page.slot && (!slotForm || slotForm.doc.kind !== 'form')) report(file, '/slot/form', `"${page.slot.form}" is not the route of a form page`);
      checkCode(file, '/slot/btnCode', page.slot?.btnCode);
      for (const [pointer, problem] of calendarRowProblems(page, resource, (name) => resourceByName.get(name)?.doc)) report(file, pointer, problem);
    }
    if (page.kind === 'settings') {
      checkFields(file, '/fields', page.fields, resource, false);
      for (const op of ['list', 'add', 'update']) checkEndpoint(file, '/resource', `${page.resource}.${op}`);
    }
    if (page.kind === 'form') {
      // A form over its own endpoints (load/submit) may have fields the resource lacks.
      checkFields(file, '/fields', page.fields, page.submit ? undefined : resource, false);
      if (page.load) checkEndpoint(file, '/load', page.load);
      if (page.submit) checkEndpoint(file, '/submit', page.submit);
      if (page.afterSave && !routeExists(page.afterSave)) report(file, '/afterSave', `no screen has the route "${page.afterSave}"`);
    }
    if (page.kind === 'detail') {
      const checkTable = (t: TableSection['table'], at: string) => {
        if (!t.field === !t.endpoint) report(file, at, 'give the rows either as "field" (a JSON field of the record) or as "endpoint"');
        if (t.field && resource.fields[t.field]?.type !== 'json') report(file, `${at}/field`, `"${t.field}" is not a JSON field of resource "${resource.name}"`);
        if (t.endpoint) checkEndpoint(file, `${at}/endpoint`, t.endpoint);
        t.columns.forEach((c, j) => checkCode(file, `${at}/columns/${j}/btnCode`, c.btnCode));
        t.columns.forEach((c, j) => linkColumnProblems(c, undefined, pageDocs).forEach(([p, m]) => report(file, `${at}/columns/${j}${p}`, m)));
      };
      const isField = (field: string) => field in resource.fields || Boolean(resource.computed?.[field]) || Boolean(resource.related?.[field]) || SYSTEM_FIELDS.has(field) || isRefLabel(resource, field) || (resource.scope === 'project' && field === 'project_name');
      page.sections.forEach((s, i) => {
        if ('items' in s) {
          s.items.forEach((item, j) => isField(item.field) || report(file, `/sections/${i}/items/${j}/field`, `"${item.field}" is not a field of resource "${resource.name}"`));
        } else if ('attachments' in s) {
          if (!isField(s.attachments)) report(file, `/sections/${i}/attachments`, `"${s.attachments}" is not a field of resource "${resource.name}"`);
        } else if ('tabs' in s) {
          s.tabs.forEach((tab, k) => {
            if ('table' in tab) return checkTable(tab.table, `/sections/${i}/tabs/${k}/table`);
            for (const [at, message] of childTabProblems(tab, resource.name, new Map([...resourceByName].map(([n, d]) => [n, d.doc])))) report(file, `/sections/${i}/tabs/${k}${at}`, message);
            tab.columns.forEach((c, j) => checkCode(file, `/sections/${i}/tabs/${k}/columns/${j}/btnCode`, c.btnCode));
            const child = resourceByName.get(tab.resource)?.doc;
            tab.columns.forEach((c, j) => linkColumnProblems(c, child, pageDocs).forEach(([p, m]) => report(file, `/sections/${i}/tabs/${k}/columns/${j}${p}`, m)));
          });
        } else if ('chart' in s) {
          for (const [at, message] of detailChartProblems(s.chart, resource, reportByName.get(s.chart.report)?.doc, new Set((routes.get(page.permissionsOf ?? page.route)?.doc.buttons ?? []).map((b) => b.code)))) report(file, `/sections/${i}/chart${at}`, message);
          if (page.public) report(file, `/sections/${i}/chart`, 'a public page is read without a session: it shows no report');
        } else checkTable(s.table, `/sections/${i}/table`);
      });
      checkActions(file, '/actions', page.actions, page.resource);
      for (const [at, message] of printProblems(page)) report(file, at, message);
      if (page.public) {
        // Read with a link's token alone: nothing on it may need a session.
        checkCode(file, '/public/btnCode', page.public.btnCode);
        if (page.actions?.length) report(file, '/actions', 'a public page is read without a session: it has no actions');
        if (page.timeline) report(file, '/timeline', 'a public page is read without a session: it shows no timeline');
        if (page.menu) report(file, '/menu', 'a public page is opened by its link, not from the menu');
        page.sections.forEach((sec, i) => 'table' in sec && sec.table.endpoint && report(file, `/sections/${i}/table/endpoint`, 'a public page shows only the record its link names: give sub-tables as a "field" of it'));
      }
    }
  }

  for (const { file, doc: r } of reports) {
    for (const [op, guard] of Object.entries(r.permissions)) checkCode(file, `/permissions/${op}`, guard);
    if (!resourceByName.has(r.source) && !CORE_SOURCES.has(r.source)) report(file, '/source', `no resource or core table "${r.source}" (core tables: ${[...CORE_SOURCES].join(', ')})`);
    // A column the source lacks would answer 500 at the first query; a core table without a resource is checked by SQLite only.
    const source = resourceByName.get(r.source)?.doc;
    const column = (pointer: string, name: string | undefined) => {
      if (name === undefined || !source || isColumn(source, name)) return;
      report(file, pointer, `"${name}" is not a column of "${r.source}"; use one of its fields`);
    };
    column('/dateField', r.dateField);
    column('/projectField', r.projectField);
    r.filters?.forEach((f, i) => column(`/filters/${i}`, f));
    r.dimensions.forEach((d, i) => column(`/dimensions/${i}/field`, d.field));
    r.measures.forEach((m, i) => {
      if (m.agg !== 'count' && m.agg !== 'rate' && m.agg !== 'ratio' && !m.field && !m.duration) report(file, `/measures/${i}/field`, `"${m.agg}" needs "field", the column it aggregates`);
      if (m.agg === 'rate' && !m.where) report(file, `/measures/${i}/where`, 'a rate needs "where", the rows it counts');
      // A measure of another source (`from`) is checked against that source (reportCheck.ts).
      if (!m.from) column(`/measures/${i}/field`, m.field);
    });
    const tableColumn = (pointer: string, name: string | undefined, table?: string) => {
      const of = table ? resourceByName.get(table)?.doc : source;
      if (name === undefined || !of || isColumn(of, name)) return;
      report(file, pointer, `"${name}" is not a column of "${table ?? r.source}"; use one of its fields`);
    };
    checkReportExpressions(r, (pointer, message) => report(file, pointer, message), tableColumn, (t) => resourceByName.has(t) || CORE_SOURCES.has(t), (t) => resourceByName.get(t)?.doc);
  }

  for (const { file, doc: r } of resources) {
    for (const [op, guard] of Object.entries(r.permissions)) checkCode(file, `/permissions/${op}`, guard);
    for (const [at, problem] of latenessProblems(r)) report(file, at, problem);
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.ref && !resourceByName.has(f.ref) && !CORE_REF_TABLES.includes(f.ref)) report(file, `/fields/${name}/ref`, `no resource "${f.ref}" (nor a core table: ${CORE_REF_TABLES.join(', ')})`);
      if (SYSTEM_FIELDS.has(name)) report(file, `/fields/${name}`, `"${name}" is a system column; choose another name`);
      if (f.through && (!f.ref || f.type !== 'json' || f.unique || f.mask)) report(file, `/fields/${name}/through`, 'a "through" field holds a list of ids: it needs "ref" and type "json", and cannot be unique or masked');
      // A referenced resource may be its own link table (menu buttons name their menu); another resource may not.
      if (f.through && ((resourceByName.has(f.through.table) && f.through.table !== f.ref) || f.through.from === f.through.to)) report(file, `/fields/${name}/through`, `the link table "${f.through.table}" needs a name no resource has and two different columns ("from" this record's id, "to" the linked one's)`);
      if (f.type === 'json' && f.enum && f.dict) report(file, `/fields/${name}`, 'a multi-select takes its values from "enum" or from "dict", not both');
      if (Array.isArray(f.unique)) for (const s of f.unique) if (!(s in r.fields) && !SYSTEM_FIELDS.has(s)) report(file, `/fields/${name}/unique`, `"${s}" is not a field of this resource`);
    }
    for (const [i, g] of (r.deleteGuards ?? []).entries()) {
      if (CORE_TABLES.has(g.resource)) continue;
      const target = resourceByName.get(g.resource)?.doc;
      if (!target) report(file, `/deleteGuards/${i}/resource`, `no resource "${g.resource}" (nor a core table: ${[...CORE_TABLES].join(', ')})`);
      else if (!(g.field in target.fields)) report(file, `/deleteGuards/${i}/field`, `"${g.field}" is not a field of "${g.resource}"`);
    }
    for (const [pointer, message] of [...workflowProblems(r), ...approvalProblems(r)]) report(file, pointer, message);
    r.workflow?.transitions.forEach((t, i) => {
      checkCode(file, `/workflow/transitions/${i}/btnCode`, t.btnCode);
      checkFields(file, `/workflow/transitions/${i}/inputs`, t.inputs, undefined, false);
    });
    // Approval kinds are global: one resource declares each (one without a workflow has its problem above).
    const approvalAt = approvalPointers(r);
    if (r.workflow) {
      [r.approval ?? []].flat().forEach((a, i) => {
        const owner = approvalKinds.get(a.kind);
        if (owner) report(file, `${approvalAt[i]}/kind`, `approval kind "${a.kind}" is also declared by ${owner === file ? 'this resource' : rel(owner)}`);
        approvalKinds.set(a.kind, file);
      });
    }
    checkRules(file, r);
    const docs = new Map([...resourceByName].map(([n, d]) => [n, d.doc]));
    for (const [pointer, message] of computedProblems(r, docs)) report(file, pointer, message);
    for (const [pointer, message] of relatedProblems(r, docs)) report(file, pointer, message);
    for (const [pointer, message] of nestedImportProblems(r)) report(file, pointer, message);
    if (r.labelField && !(r.labelField in r.fields)) report(file, '/labelField', `"${r.labelField}" is not a field of this resource`);
    for (const [, name] of r.refLabel?.matchAll(/\{(\w+)\}/g) ?? []) if (!(name! in r.fields)) report(file, '/refLabel', `"${name}" is not a field of this resource`);
    if (!r.labelField && !('name' in r.fields)) report(file, '/labelField', 'the resource has no "name" field; set "labelField"');
    if (r.orderField) {
      // Dragged rows are saved as order values, shown in that order (smallest first).
      if (r.fields[r.orderField]?.type !== 'integer') report(file, '/orderField', `"${r.orderField}" must be an integer field of this resource`);
      if (r.defaultSort?.field !== r.orderField || r.defaultSort.order !== 'asc') report(file, '/defaultSort', `a resource with "orderField" lists by it: set "defaultSort" to { "field": "${r.orderField}", "order": "asc" }`);
    }
    if (Boolean(r.orderField) !== Boolean(r.permissions.reorder)) report(file, r.orderField ? '/permissions' : '/permissions/reorder', '"orderField" and "permissions.reorder" go together: the field the order is saved to and who may save it');
    if (r.permissions.reveal && !Object.values(r.fields).some((f) => f.mask)) report(file, '/permissions/reveal', 'no field of the resource is masked ("mask"), so there is nothing to reveal; drop "reveal"');
    if (r.invalidates && !resourceEndpoints(r).some((e) => e.invalidates)) report(file, '/invalidates', 'the resource has no write (add, update, delete, enable, import, transition) that could make a cache stale; drop "invalidates"');
  }
  /** Rules name columns of one comparable kind: numbers with numbers, times with times, text with text. */
  function checkRules(file: string, r: ResourceDef) {
    const kindOf = (resource: ResourceDef, name: string) => {
      if (!isColumn(resource, name)) return undefined;
      return COMPARABLE[resource.fields[name]?.type ?? (name.endsWith('_at') ? 'datetime' : 'integer')];
    };
    const field = (pointer: string, resource: ResourceDef, name: string) => {
      const kind = kindOf(resource, name);
      if (!kind) report(file, pointer, `"${name}" is not a column of "${resource.name}" that can be compared (not JSON, HTML or a "through" list)`);
      return kind;
    };
    const same = (pointer: string, a: string | undefined, b: string | undefined, what: string) => a && b && a !== b && report(file, pointer, `${what} are of different kinds (${a}, ${b}); compare numbers with numbers, times with times, text with text`);
    const conditions = (pointer: string, resource: ResourceDef, where: { field: string }[] | undefined) => where?.forEach((c, j) => field(`${pointer}/${j}/field`, resource, c.field));
    (r.rules ?? []).forEach((rule, i) => {
      const at = `/rules/${i}`;
      if (rule.rule === 'compare') same(at, field(`${at}/field`, r, rule.field), field(`${at}/other`, r, rule.other), `"${rule.field}" and "${rule.other}"`);
      if (rule.rule === 'exclusive') {
        same(`${at}/range`, field(`${at}/range/0`, r, rule.range[0]!), field(`${at}/range/1`, r, rule.range[1]!), 'the start and end of the range');
        rule.per.forEach((name, j) => field(`${at}/per/${j}`, r, name));
        conditions(`${at}/where`, r, rule.where);
        // {field} in the message names the clashing record's value.
        for (const [, name] of rule.message.matchAll(/\{([a-z][a-z0-9_]*)\}/g)) if (!isColumn(r, name!)) report(file, `${at}/message`, `"{${name}}" is not a column of "${r.name}"`);
      }
      if (rule.rule === 'notExists') {
        const target = resourceByName.get(rule.resource)?.doc;
        if (!target) return report(file, `${at}/resource`, `no resource "${rule.resource}"`);
        for (const [theirs, own] of Object.entries(rule.match)) {
          same(`${at}/match/${theirs}`, field(`${at}/match/${theirs}`, target, theirs), field(`${at}/match/${theirs}`, r, own), `"${rule.resource}.${theirs}" and "${own}"`);
        }
        conditions(`${at}/where`, target, rule.where);
      }
    });
  }

  return errors;
}

/** Field types by what they compare with; JSON and HTML compare with nothing. */
const COMPARABLE: Partial<Record<string, string>> = { integer: 'number', number: 'number', boolean: 'number', datetime: 'time', string: 'text', text: 'text' };

/** A column of the resource's table (a read-only view has its fields, id and project only). */
function isColumn(resource: ResourceDef, name: string): boolean {
  if (!resource.readOnly) return tableColumns(resource).includes(name);
  return (name in resource.fields && !resource.fields[name]!.through) || name === 'id' || (name === 'project_id' && resource.scope === 'project');
}

/** "line L column C" of a JSON.parse error, from the position its message gives (or the end of the text). */
export function whereInText(text: string, message: string): string {
  const match = /at position (\d+)/.exec(message);
  const position = match ? Number(match[1]) : text.length;
  const before = text.slice(0, position).split('\n');
  return `line ${before.length} column ${before.at(-1)!.length + 1}`;
}

/** "<field>_label": the list and detail answer the label of the record a `ref` field points at. */
const isRefLabel = (resource: ResourceDef, field: string) => {
  const f = field.endsWith('_label') ? resource.fields[field.slice(0, -'_label'.length)] : undefined;
  // A reference's label, or a multi-select's names (choiceLabels).
  return Boolean(f?.ref || (f?.type === 'json' && (f.enum || f.dict)));
};

/** Link tables of the core that a delete guard may look into. */
/** Form components fed by an endpoint, with what that endpoint must answer. */
const ENDPOINT_COMPONENTS: Record<string, string> = {
  AudiencePicker: 'the resource\'s "<resource>.audienceOptions"',
  RemoteSelect: 'an endpoint answering [{ label, value }]',
  TreeSelectRemote: 'an endpoint answering a tree of { label, value, children }',
  CascaderRemote: 'an endpoint answering a tree of { label, value, children }',
  PermissionTree: 'the grantable catalogue',
};
const CORE_TABLES = new Set(['staff_role', 'post_role', 'staff_post']);
/** Tables of the core that reports may count (the rest are resources). */
const CORE_SOURCES = new Set(['work_order', 'customer', 'house', 'building', 'org', 'staff', 'login_log', 'tbp_task', 'tbp_record', 'tbp_point', 'tbp_plan', 'tbp_classify']);

/** Routes written in React (session core, error pages), valid targets of navigate actions. */
const CORE_ROUTES = new Set(['/userlogin', '/userLogin', '/speciallogin', '/alter/password', '/download', '/userPrivateProxy', '/yslogin', '/403', '/404', '/500', '/noauth']);

function pickIssues(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'if');
  const kindIssue = specific.find((e) => e.instancePath === '/kind');
  const rest = specific.filter((e) => e.instancePath !== '/kind' || e.keyword !== 'const');
  if (rest.length) {
    // Prefer issues deeper than the root: they belong to the branch of the file's own kind.
    const deep = rest.filter((e) => e.instancePath !== '');
    return (deep.length ? deep : rest).slice(0, 10);
  }
  return kindIssue ? [kindIssue] : specific.slice(0, 10);
}

function describe(e: ErrorObject): string {
  switch (e.keyword) {
    case 'required':
      return `missing "${e.params.missingProperty}"`;
    case 'additionalProperties':
      return `unknown property "${e.params.additionalProperty}"; check its spelling against the meta-schema`;
    case 'enum':
      return `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(e.params.allowedValue)}`;
    default:
      return e.message ?? 'invalid';
  }
}

/** A "shape" on a field that is not a JSON field (or is a join table's ids): nothing would check it. */
function misplacedShape(resource: ResourceDef): boolean {
  return Object.values(resource.fields ?? {}).some((f) => f.shape && (f.type !== 'json' || f.through));
}
