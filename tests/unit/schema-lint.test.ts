import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { lintSchemas } from '../../scripts/lint-schemas.ts';
import { loadCatalogue } from '../../server/engine/catalogue.ts';
import { linkedSchemasCopy, rewrite } from '../support/schemaTree.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const copies: string[] = [];
let copy = '';

/** Removes the copies made so far: one test makes dozens, and removing them all at once outlasted the hook's timeout on a busy machine. */
function removeCopies(): void {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

function corrupt(file: string, change: (doc: any) => void): string {
  removeCopies();
  copy = linkedSchemasCopy();
  copies.push(copy);
  const target = path.join(copy, file);
  const doc = JSON.parse(fs.readFileSync(target, 'utf8'));
  change(doc);
  rewrite(target, JSON.stringify(doc, null, 2));
  return copy;
}

afterEach(removeCopies);

/** The lint's errors, after checking that the server's start (loadCatalogue) refuses exactly these. */
function lint(root: string): string[] {
  const errors = lintSchemas(root, false);
  let refused = '';
  try {
    loadCatalogue(root);
  } catch (error) {
    refused = (error as Error).message;
  }
  expect(refused.split('\n').slice(1)).toEqual(errors);
  return errors;
}
/** Errors with the file named from the latest copy's root, as in schemas/. */
const at = (errors: string[]) => errors.map((e) => e.replace(`${path.relative(process.cwd(), copy)}${path.sep}`, ''));

describe('schema lint', () => {
  it('passes the committed schemas, meta-schemas included', () => {
    expect(lintSchemas(path.join(ROOT, 'schemas'))).toEqual([]);
  });

  it('names the file, the JSON pointer and what to do for each kind of mistake', () => {
    expect(at(lint(corrupt('settings/pages/business-settings-label-manager.json', (d) => (d.columns[0].field = 'nmae'))))).toEqual([
      'settings/pages/business-settings-label-manager.json#/columns/0/field: "nmae" is not a field of resource "label"',
    ]);
    expect(at(lint(corrupt('settings/pages/business-settings-label-manager.json', (d) => (d.toolbar[0].btnCode = 'label:fly'))))).toEqual([
      'settings/pages/business-settings-label-manager.json#/toolbar/0/btnCode: btnCode "label:fly" is not in the permission catalogue; declare it in a page\'s "buttons"',
    ]);
    expect(at(lint(corrupt('settings/pages/label-create.json', (d) => (d.fields.name['x-component'] = 'Inptu'))))).toEqual([
      'settings/pages/label-create.json#/fields/name/x-component: component "Inptu" is not registered; use one of src/shared/registry.ts',
    ]);
    expect(at(lint(corrupt('settings/pages/business-settings-label-manager.json', (d) => (d.rowActions[2].endpoint = 'label.remove'))))).toEqual([
      'settings/pages/business-settings-label-manager.json#/rowActions/2/endpoint: endpoint "label.remove" does not exist; use "<resource>.<list|detail|add|update|delete|enable|export|import|options>" or declare it in schemas/endpoints.json',
    ]);
    expect(at(lint(corrupt('settings/pages/label-detail.json', (d) => (d.route = '/business-settings/label-manager'))))).toContain(
      'settings/pages/label-detail.json#/route: route "/business-settings/label-manager" is also the route of ' + path.relative(process.cwd(), path.join(copy, 'settings/pages/business-settings-label-manager.json')),
    );
    // A filter form draws its own few controls, not every field kind of the add and edit forms.
    expect(at(lint(corrupt('settings/pages/business-settings-label-manager.json', (d) => (d.filters.name['x-component'] = 'Switch'))))).toEqual([
      'settings/pages/business-settings-label-manager.json#/filters/name/x-component: a filter takes one of Input, Select, DictSelect, RemoteSelect, NumberPicker, DatePicker.RangePicker, TreeSelectRemote, CascaderRemote (the filter form\'s own components, src/engine/FilterCard.tsx)',
    ]);
    expect(at(lint(corrupt('settings/pages/business-settings-label-manager.json', (d) => (d.columns[0].cell = 'sparkline'))))[0]).toMatch(/^settings\/pages\/business-settings-label-manager\.json#\/columns\/0\/cell: must be one of "text", "number"/);
  });

  it("checks an approval declaration against the resource's workflow", () => {
    const wo = 'workorder/resources/work_order.json';
    const errors = at(
      lint(
        corrupt(wo, (d) => {
          d.approval[0].onApprove = 'hangUpAgre';
          d.approval[1].onReject = 'resume';
          d.approval[1].title = 'subject';
        }),
      ),
    );
    expect(errors).toEqual([
      `${wo}#/approval/0/onApprove: no transition "hangUpAgre" in the workflow; use one of ${JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', wo), 'utf8')).workflow.transitions.map((t: { name: string }) => t.name).join(', ')}`,
      `${wo}#/approval/1/onReject: "resume" cannot start from "improper_pending", the state "improper" leads to`,
      `${wo}#/approval/1/title: "subject" is not a field of this resource`,
    ]);
    expect(at(lint(corrupt(wo, (d) => (d.approval[1].kind = 'hangUp'))))).toEqual([`${wo}#/approval/1/kind: approval kind "hangUp" is also declared by this resource`]);
    expect(at(lint(corrupt('approval/resources/approval_flow.json', (d) => (d.approval = { kind: 'flow', label: '流程', submit: 'a', onApprove: 'b', onReject: 'c', title: 'name' }))))).toEqual([
      'approval/resources/approval_flow.json#/approval: an approvable resource needs a "workflow" whose transitions the approval names',
    ]);
  });

  it("checks a dashboard's calls, the sources its cards read and the screens its figures open", () => {
    const home = 'home/pages/index-home.json';
    expect(at(lint(corrupt(home, (d) => (d.sources.workOrders = 'work_order.todos'))))).toEqual([
      `${home}#/sources/workOrders: no endpoint "work_order.todos"; declare it in endpoints.json or use a resource's or report's`,
    ]);
    expect(at(lint(corrupt(home, (d) => ((d.todos.from[0].source = 'orders'), (d.figures.items[2].route = '/home_task/nowhere')))))).toEqual([
      `${home}#/todos/from/0/source: "orders" is not one of this page's sources (overview, workOrders, approvals)`,
      `${home}#/figures/items/2/route: no page has the route "/home_task/nowhere"`,
    ]);
    expect(at(lint(corrupt(home, (d) => (d.widgets[0].widget = 'Weather'))))).toEqual([`${home}#/widgets/0/widget: must be one of "UnreadNotices"`]);
  });

  it('keeps a list page\'s sizes within what its resource answers at once', () => {
    expect(at(lint(corrupt('settings/pages/business-settings-label-manager.json', (d) => ((d.pageSize = 500), (d.pageSizeOptions = [10, 1000])))))).toEqual([
      'settings/pages/business-settings-label-manager.json#/pageSize: 500 is more than resource "label" answers at once (200); lower it or raise the resource\'s "maxPageSize"',
      'settings/pages/business-settings-label-manager.json#/pageSizeOptions/1: 1000 is more than resource "label" answers at once (200); lower it or raise the resource\'s "maxPageSize"',
    ]);
    expect(lint(corrupt('settings/resources/label.json', (d) => (d.maxPageSize = 1000)))).toEqual([]);
    expect(lint(corrupt('settings/resources/label.json', (d) => (d.maxPageSize = 20000)))[0]).toMatch(/settings\/resources\/label\.json#\/maxPageSize: must be <= 10000/);
  });

  it('reads every module folder, and names a file outside them', () => {
    const root = corrupt('settings/pages/label-detail.json', () => {});
    const move = (from: string, to: string) => {
      fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
      fs.renameSync(path.join(root, from), path.join(root, to));
    };
    // A new module's folder is read like the others.
    move('settings/pages/label-detail.json', 'labels/pages/label-detail.json');
    expect(lint(root)).toEqual([]);
    // A page left in the flat folder of old would be read by nothing.
    move('labels/pages/label-detail.json', 'pages/label-detail.json');
    expect(at(lint(root))).toEqual([
      "pages/label-detail.json#/: read by nothing; move it to a module's folder: <module>/pages/, <module>/resources/ or <module>/reports/",
      'settings/pages/business-settings-label-manager.json#/rowActions/0/to: no screen has the route "/label-detail/:id"; add its page schema or fix the path',
    ]);
  });

  it('wants a bounded shape on every JSON field but a join table\'s ids (issue 40, finding 9)', () => {
    const workOrder = 'workorder/resources/work_order.json';
    expect(at(lint(corrupt(workOrder, (d) => delete d.fields.photos.shape)))).toEqual([
      `${workOrder}#/fields/photos: JSON field "photos" needs a "shape" (the structure its value must have, e.g. {"type": "array", "maxItems": 9, "items": {"type": "string", "file": true}})`,
    ]);
    expect(at(lint(corrupt(workOrder, (d) => (d.fields.photos.shape = { type: 'array', items: { type: 'string' } }))))).toEqual([
      `${workOrder}#/fields/photos/shape: a list needs "maxItems"`,
      `${workOrder}#/fields/photos/shape/items: a text needs "maxLength", "enum" or "file"`,
    ]);
    expect(at(lint(corrupt(workOrder, (d) => (d.fields.title.shape = { type: 'string', maxLength: 5 }))))).toEqual([`${workOrder}#/fields: "shape" belongs to JSON fields only`]);
  });

  it('checks the files a file field accepts (issue 31, capability 6)', () => {
    const template = 'seal/resources/seal_template.json';
    const url = '/fields/file/shape/items/properties/url';
    // "accept" and "maxBytes" belong to a stored file's path.
    expect(at(lint(corrupt(template, (d) => (d.fields.file.shape.items.properties.name.accept = ['pdf']))))).toEqual([
      `${template}#/fields/file/shape/items/properties/name: "accept" and "maxBytes" go with "file": true`,
    ]);
    // Kinds are those the file service reads from a file's bytes.
    expect(at(lint(corrupt(template, (d) => (d.fields.file.shape.items.properties.url.accept = ['exe']))))[0]).toBe(`${template}#${url}/accept/0: must be one of "jpg", "png", "gif", "webp", "bmp", "pdf", "xlsx", "docx", "pptx", "doc", "mp4", "mp3", "zip"`);
    // A file cell and a FileUpload are registered like every cell and component.
    expect(at(lint(corrupt('seal/pages/seal-template.json', (d) => (d.columns[3].cell = 'files')))).join('\n')).toMatch(/seal-template\.json#\/columns\/3\/cell/);
  });

  it('wants the exact path of the meta-schema, which editors follow', () => {
    expect(at(lint(corrupt('settings/resources/label.json', (d) => (d.$schema = '../meta/resource.schema.json'))))).toEqual([
      'settings/resources/label.json#/$schema: should be "../../meta/resource.schema.json" so editors can check it',
    ]);
  });

  it('accepts "invalidates" only where something is written', () => {
    expect(lint(corrupt('settings/resources/label.json', (d) => (d.invalidates = ['dictionaries'])))).toEqual([]);
    expect(at(lint(corrupt('org/resources/login_log.json', (d) => (d.invalidates = ['menus']))))).toEqual([
      'org/resources/login_log.json#/invalidates: the resource has no write (add, update, delete, enable, import, transition) that could make a cache stale; drop "invalidates"',
    ]);
    expect(at(lint(corrupt('endpoints.json', (d) => (d.endpoints[1].invalidates = ['menus']))))).toEqual([
      'endpoints.json#/endpoints/1/invalidates: a GET call writes nothing, so it makes no cache stale; drop "invalidates"',
    ]);
    expect(lint(corrupt('org/resources/menu.json', (d) => (d.invalidates = ['caches'])))[0]).toMatch(/org\/resources\/menu\.json#\/invalidates\/0: must be one of "menus", "dictionaries"/);
  });

  it('gives the line and column of a JSON syntax error', () => {
    const root = corrupt('settings/resources/label.json', () => {});
    const file = path.join(root, 'settings/resources/label.json');
    rewrite(file, fs.readFileSync(file, 'utf8').replace('"title": "标签"', '"title": "标签",,'));
    const [error] = at(lint(root));
    expect(error).toMatch(/^settings\/resources\/label\.json#\/: not valid JSON at line 4 column \d+ \(/);
  });

  it("checks a report's columns against its source", () => {
    const report = 'workorder/reports/work-order-summary.json';
    expect(
      at(
        lint(
          corrupt(report, (d) => {
            d.dimensions[0].field = 'nowhere';
            d.measures.push({ name: 'spent', title: '耗时', agg: 'sum', field: 'minutes_spent' });
          }),
        ),
      ),
    ).toEqual([`${report}#/dimensions/0/field: "nowhere" is not a column of "work_order"; use one of its fields`, `${report}#/measures/${JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', report), 'utf8')).measures.length}/field: "minutes_spent" is not a column of "work_order"; use one of its fields`]);
  });

  it("checks a report's expressions: durations, comparisons, ratios, references, drill-down and the page's pivot", () => {
    const report = 'workorder/reports/repair.json';
    const errors = at(
      lint(
        corrupt(report, (d) => {
          d.where.push({ field: 'accepted_at', notAfter: 'answered_at' });
          d.measures.push({ name: 'slow', title: '慢', agg: 'count', duration: { from: 'given_at', to: 'accepted_at' } });
          d.measures.push({ name: 'half', title: '一半', agg: 'ratio', numerator: 'finishRate', denominator: 'nothing' });
          d.measures.push({ name: 'who', title: '人数', agg: 'distinct' });
          d.dimensions.push({ name: 'parent', title: '上级', field: 'service_type_id', via: { table: 'service_type', field: 'grandparent_id' } });
          d.drill.columns.push({ field: 'contact_phone', title: '电话' });
          d.definitions.unknown = '?';
        }),
      ),
    );
    const n = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', report), 'utf8')).measures.length;
    expect(errors).toEqual([
      `${report}#/measures/${n + 2}/field: "distinct" needs "field", the column it aggregates`,
      `${report}#/where/2/notAfter: "answered_at" is not a column of "work_order"; use one of its fields`,
      `${report}#/measures/${n}/duration: a duration is summed, averaged or compared (sum, avg, max, min), not "count"`,
      `${report}#/measures/${n + 1}/numerator: "finishRate" is not a counted measure of this report; use one of total, finished, rework, avgHandle, slow, who`,
      `${report}#/measures/${n + 1}/denominator: "nothing" is not a counted measure of this report; use one of total, finished, rework, avgHandle, slow, who`,
      `${report}#/dimensions/5/via/field: "grandparent_id" is not a column of "service_type"; use one of its fields`,
      `${report}#/drill/columns/10/field: "contact_phone" is personal data (masked in the resource); a drill-down list shows no personal data`,
      `${report}#/definitions/unknown: "unknown" is not a measure of this report`,
    ]);
    const page = 'workorder/pages/taskreport-repair.json';
    expect(at(lint(corrupt(page, (d) => (d.pivot.measure = 'nothing'))))).toEqual([`${page}#/pivot/measure: "nothing" is not a measure of report "repairReport"`]);
  });

  it("checks a resource's rules: fields that exist, of kinds that compare", () => {
    const label = 'settings/resources/label.json';
    const errors = at(
      lint(
        corrupt(label, (d) => {
          d.rules = [
            { rule: 'compare', field: 'sort', op: '>', other: 'name', message: '排序须大于名称' },
            { rule: 'exclusive', range: ['created_at', 'ended_at'], per: ['scope'], message: '重叠' },
            { rule: 'notExists', resource: 'staff', match: { nmae: 'name' }, where: [{ field: 'enabled', equals: 1 }], message: '已存在' },
            { rule: 'notExists', resource: 'nowhere', match: { name: 'name' }, message: '已存在' },
          ];
        }),
      ),
    );
    expect(errors).toEqual([
      `${label}#/rules/0: "sort" and "name" are of different kinds (number, text); compare numbers with numbers, times with times, text with text`,
      `${label}#/rules/1/range/1: "ended_at" is not a column of "label" that can be compared (not JSON, HTML or a "through" list)`,
      `${label}#/rules/2/match/nmae: "nmae" is not a column of "staff" that can be compared (not JSON, HTML or a "through" list)`,
      `${label}#/rules/3/resource: no resource "nowhere"`,
    ]);
  });

  it("checks that an exclusive rule's message names columns of the clashing record", () => {
    const meeting = 'meetings/resources/meeting.json';
    const errors = at(lint(corrupt(meeting, (d) => (d.rules.find((r: { rule: string }) => r.rule === 'exclusive').message = '已被「{title}」（{starts}）占用'))));
    expect(errors).toEqual([`${meeting}#/rules/1/message: "{starts}" is not a column of "meeting"`]);
  });

  it('checks a public page: its link permission, and nothing on it that needs a session', () => {
    const page = 'commission/pages/commission-approve-detail.json';
    const errors = at(
      lint(
        corrupt(page, (d) => {
          d.public.btnCode = 'nobody:link';
          d.timeline = true;
          d.menu = true;
          d.actions = [{ type: 'transition', transition: 'pay' }];
        }),
      ),
    );
    expect(errors).toEqual([
      `${page}#/public/btnCode: btnCode "nobody:link" is not in the permission catalogue; declare it in a page's "buttons"`,
      `${page}#/actions: a public page is read without a session: it has no actions`,
      `${page}#/timeline: a public page is read without a session: it shows no timeline`,
      `${page}#/menu: a public page is opened by its link, not from the menu`,
    ]);
  });

  it('keeps a public bespoke page (the lottery wheel) out of the menu', () => {
    const page = 'lottery/pages/lottery.json';
    expect(at(lint(corrupt(page, (d) => (d.menu = true))))).toEqual([`${page}#/menu: a public page is opened by its link, not from the menu`]);
  });

  it('checks a many-to-many link table and a multi-select', () => {
    const label = 'settings/resources/label.json';
    expect(
      at(
        lint(
          corrupt(label, (d) => {
            d.fields.owner_ids = { type: 'json', title: '负责人', ref: 'staff', through: { table: 'role', from: 'label_id', to: 'staff_id' } };
            d.fields.kinds = { type: 'json', title: '类型', enum: { a: '甲' }, dict: 'label_category' };
          }),
        ),
      ),
    ).toEqual([
      `${label}#/fields/owner_ids/through: the link table "role" needs a name no resource has and two different columns ("from" this record's id, "to" the linked one's)`,
      `${label}#/fields/kinds: a multi-select takes its values from "enum" or from "dict", not both`,
    ]);
  });

  it('checks date timers and drag order against the resource', () => {
    const advert = 'operations/resources/advert.json';
    expect(
      at(
        lint(
          corrupt(advert, (d) => {
            d.workflow.timers[0].at = 'ad_name';
            d.workflow.timers[1].from = 'draft';
            d.defaultSort = { field: 'id', order: 'desc' };
          }),
        ),
      ),
    ).toEqual([
      `${advert}#/workflow/timers/0/at: "ad_name" must be a datetime field of this resource`,
      `${advert}#/workflow/timers/1/transition: "takeDown" cannot start from "draft"`,
      `${advert}#/defaultSort: a resource with "orderField" lists by it: set "defaultSort" to { "field": "seq", "order": "asc" }`,
    ]);
    const card = 'operations/resources/system_card.json';
    expect(at(lint(corrupt(card, (d) => delete d.orderField)))).toEqual([
      'operations/pages/opearator-manager-systemCard.json#/dragSort: resource "system_card" declares no "orderField" with "permissions.reorder", so dragged rows cannot be saved',
      `${card}#/permissions/reorder: "orderField" and "permissions.reorder" go together: the field the order is saved to and who may save it`,
    ]);
  });

  it('refuses to start the server on what the lint refuses', () => {
    const root = corrupt('workorder/resources/work_order.json', (d) => (d.workflow.transitions[0].to = 'limbo'));
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-data-'));
    copies.push(data);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], { env: { ...process.env, PMS_SCHEMAS_DIR: root, PMS_DATA_DIR: data, PORT: '0', NODE_ENV: 'test' }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('workorder/resources/work_order.json#/workflow/transitions/0: state "limbo" is not declared in "states"');
  });

  it('exits non-zero from the command line', () => {
    const root = corrupt('settings/resources/label.json', (d) => (d.fields.category.ref = 'nowhere'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/lint-schemas.ts')], { env: { ...process.env, PMS_SCHEMAS_DIR: root }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('settings/resources/label.json#/fields/category/ref: no resource "nowhere"');
  });

  it('checks columns and filters read through a reference: the reference, the other resource, its fields, and never personal data', () => {
    const meeting = 'meetings/resources/meeting.json';
    expect(
      at(
        lint(
          corrupt(meeting, (d) => {
            d.related.room_location.field = 'loction';
            d.related.organizer_mobile = { title: '组织人手机', via: 'organizer_id', field: 'mobile' };
            d.related.title = { title: '重名', via: 'title', field: 'name' };
            d.relatedFilters.has_minutes.resource = 'meeting_minute';
            d.relatedFilters.has_exception = { title: '有异常', resource: 'meeting_exception', match: { meetng_id: 'id', staff_id: 'organiser' }, where: [{ field: 'stat', equals: 'pending' }] };
            d.related.room_capacity = { title: '容纳人数', via: 'room_id', field: 'capacity', filter: 'like' };
          }),
        ),
      ),
    ).toEqual([
      'meetings/resources/meeting.json#/related/room_location/field: "loction" is not a field of resource "meeting_room"',
      'meetings/resources/meeting.json#/related/organizer_mobile/field: "mobile" of "staff" is personal data (masked); a related column never shows it',
      'meetings/resources/meeting.json#/related/title: "title" is already a field, system or computed column of this resource; give the related column its own name',
      'meetings/resources/meeting.json#/related/title/via: "title" must be a field of this resource whose "ref" names a resource (not a many-to-many link)',
      'meetings/resources/meeting.json#/related/room_capacity/filter: "like" searches text; "capacity" of "meeting_room" is integer, filter it by "eq"',
      'meetings/resources/meeting.json#/relatedFilters/has_minutes/resource: no resource "meeting_minute"',
      'meetings/resources/meeting.json#/relatedFilters/has_exception/match/meetng_id: "meetng_id" is not a field of resource "meeting_exception"',
      'meetings/resources/meeting.json#/relatedFilters/has_exception/match/staff_id: "organiser" is not a field of this resource',
      'meetings/resources/meeting.json#/relatedFilters/has_exception/where/0/field: "stat" is not a field of resource "meeting_exception"',
    ]);
    const list = 'meetings/pages/meetingManagement-meetingList.json';
    expect(
      at(
        lint(
          corrupt(list, (d) => {
            d.columns.find((c: { field: string }) => c.field === 'room_location').sortable = true;
            d.columns.push({ field: 'room_floor', title: '楼层' });
            d.filters.has_minute = { type: 'number', title: '会议纪要', 'x-decorator': 'FormItem', 'x-component': 'Select' };
            d.filters.room_location = { type: 'string', title: '会议室位置', 'x-decorator': 'FormItem', 'x-component': 'Input' };
          }),
        ),
      ),
    ).toEqual([
      'meetings/pages/meetingManagement-meetingList.json#/filters/has_minute: field "has_minute" is not a field of resource "meeting"',
      'meetings/pages/meetingManagement-meetingList.json#/filters/room_location: resource "meeting" does not filter by its related column "room_location"; give it a "filter"',
      'meetings/pages/meetingManagement-meetingList.json#/columns/4/sortable: resource "meeting" does not sort by its related column "room_location"; mark it "sortable"',
      'meetings/pages/meetingManagement-meetingList.json#/columns/11/field: "room_floor" is not a field of resource "meeting"',
    ]);
  });

  it("refuses a btnCode the page's own menu entry does not offer, unless the page borrows it", () => {
    const list = 'meetings/pages/meetingManagement-meetingList.json';
    expect(at(lint(corrupt(list, (d) => (d.borrows = []))))).toEqual([
      'meetings/pages/meetingManagement-meetingList.json#/rowActions/5/btnCode: btnCode "minutes:add" is not among the buttons of this page, so a role granted that screen alone never sees it; offer it there, or name it in "borrows" (the code stays granted under its own screen)',
    ]);
    expect(at(lint(corrupt(list, (d) => (d.borrows = ['minutes:add', 'minutes:fly']))))).toEqual([
      'meetings/pages/meetingManagement-meetingList.json#/borrows: btnCode "minutes:fly" is not in the permission catalogue; declare it in a page\'s "buttons"',
    ]);
  });

  it('checks computed columns against their child resource, and the columns that show them', () => {
    const sheet = 'people/resources/perf_sheet.json';
    expect(
      at(
        lint(
          corrupt(sheet, (d) => {
            d.computed.team_total.field = 'comment';
            d.computed.self_total.by = 'sort';
            d.computed.indicator_count.resource = 'perf_scores';
            d.computed.code = { title: '重名', op: 'sum', resource: 'perf_score', by: 'sheet_id' };
          }),
        ),
      ),
    ).toEqual([
      'people/resources/perf_sheet.json#/computed/self_total/by: "sort" must be an integer field of "perf_score" with "ref": "perf_sheet" (the record its children belong to)',
      'people/resources/perf_sheet.json#/computed/team_total/field: "comment" is not a number field of "perf_score"',
      'people/resources/perf_sheet.json#/computed/indicator_count/resource: no resource "perf_scores"',
      'people/resources/perf_sheet.json#/computed/code: "code" is already a field or system column of this resource; give the computed column its own name',
      'people/resources/perf_sheet.json#/computed/code/field: "sum" needs "field", the child\'s number field it aggregates',
    ]);
    const list = 'people/pages/performanceManagement-list.json';
    expect(
      at(
        lint(
          corrupt(list, (d) => {
            d.columns.find((c: { field: string }) => c.field === 'self_total').sortable = true;
            d.columns.push({ field: 'team_total', title: '进度', cell: 'progress', of: 'nothing' }, { field: 'final_score', title: '得分', of: 'team_total' });
          }),
        ),
      ),
    ).toEqual([
      'people/pages/performanceManagement-list.json#/columns/6/sortable: resource "perf_sheet" does not sort by its computed column "self_total"; mark it "sortable"',
      'people/pages/performanceManagement-list.json#/columns/12/of: "nothing" is not a field or computed column of resource "perf_sheet"',
      'people/pages/performanceManagement-list.json#/columns/13/of: "of" is the 100 % of a "percent" or "progress" cell only',
    ]);
  });


  it('checks a nested import against its list field and the template headers', () => {
    const question = 'academy/resources/question.json';
    expect(
      at(
        lint(
          corrupt(question, (d) => {
            d.nestedImport.columns.push({ key: 'colour', title: '颜色' }, { key: 'label', title: '题干' });
            delete d.permissions.import;
          }),
        ),
      ),
    ).toEqual([
      'academy/pages/employeeEmpowerment-questionBank.json#/toolbar/1/endpoint: endpoint "question.import" does not exist; use "<resource>.<list|detail|add|update|delete|enable|export|import|options>" or declare it in schemas/endpoints.json',
      'academy/resources/question.json#/nestedImport: a nested import needs "permissions.import"',
      'academy/resources/question.json#/nestedImport/columns/2/key: "colour" is not a member of the items of "options"',
      'academy/resources/question.json#/nestedImport/columns/3/title: the header "题干" is used twice in the import template',
    ]);
    expect(at(lint(corrupt(question, (d) => void (d.nestedImport.field = 'stem'))))).toEqual([
      'academy/resources/question.json#/nestedImport/field: "stem" must be a json field whose shape is a list of objects with "properties"',
    ]);
  });
});
