/**
 * XSS proof (issue 10): writes the payload corpus (xssPayloads.ts) through every text field a
 * screen shows back, found from the schemas, opens those screens in chromium and counts what
 * ran; checks rich text is sanitised on save and on display, and that exports hold no formulas.
 * Used by tests/browser/xss.test.ts (fast part) and scripts/verify/security/60-xss.ts.
 */
import ExcelJS from 'exceljs';
import { JSDOM } from 'jsdom';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import type { Catalogue } from '../../server/engine/catalogue.ts';
import { bodySchema } from '../../server/engine/validation.ts';
import { idCardCheckOk } from '../../server/modules/org/hooks/external_staff.ts';
import { sanitizeHtml } from '../../server/platform/http/sanitize.ts';
import type { PageSchema, ResourceDef, ResourceField } from '../../src/shared/schemaTypes.ts';
import { Api } from './api.ts';
import { passwordDigest } from '../../src/shared/password.ts';
import { signIn } from './browser.ts';
import { PAYLOADS, type Payload } from './xssPayloads.ts';

type Row = Record<string, unknown>;

/** A screen that shows records of a resource: a list, or a detail opened once per record. */
export interface Screen {
  route: string;
  kind: 'list' | 'detail';
  resource: string;
  /** Where the resource's endpoints are, e.g. /api/basis/label: the screen has loaded when its call answered. */
  api: string;
  idParam?: string;
}

/** What the schemas say is shown: text fields per resource and the screens showing them. */
export interface Targets {
  shown: Map<string, Set<string>>;
  screens: Screen[];
}

const TEXT_TYPES = new Set(['string', 'text', 'html']);

/** A field a person types free text into: no enum, dictionary, reference or pattern restricts it. */
export const isFreeText = (f: ResourceField) => TEXT_TYPES.has(f.type) && !f.enum && !f.dict && !f.ref && !f.pattern && !f.through;

/** The list and detail screens and the free-text fields they show (directly, as a reference's label, as the project's name). */
export function findTargets(catalogue: Catalogue): Targets {
  const shown = new Map<string, Set<string>>();
  const screens: Screen[] = [];
  const show = (resource: string, field: string) => {
    const def = catalogue.resources.get(resource);
    const direct = field === def?.workflow?.field ? undefined : def?.fields[field];
    if (direct && isFreeText(direct)) return void (shown.get(resource) ?? shown.set(resource, new Set()).get(resource)!).add(field);
    const ref = field.endsWith('_label') ? def?.fields[field.slice(0, -6)]?.ref : undefined;
    if (ref && catalogue.resources.has(ref)) show(ref, catalogue.resources.get(ref)!.labelField ?? 'name');
    if (field === 'project_name' && def?.scope === 'project') show('org', 'name');
  };
  const api = (name: string) => `/api/${catalogue.resources.get(name)!.service}${catalogue.resources.get(name)!.path}`;
  for (const page of catalogue.pages as PageSchema[]) {
    if (page.kind === 'list') {
      screens.push({ route: page.route, kind: 'list', resource: page.resource, api: api(page.resource) });
      for (const c of page.columns) show(page.resource, c.field);
      if (page.tree) show(page.tree.resource, page.tree.labelField);
    } else if (page.kind === 'detail') {
      screens.push({ route: page.route, kind: 'detail', resource: page.resource, api: api(page.resource), idParam: [page.idParam].flat()[0] });
      for (const s of page.sections) if ('items' in s) for (const item of s.items) show(page.resource, item.field);
    }
  }
  return { shown, screens };
}

/** One record written with a payload: all its free-text fields hold the payload with its marker. */
export interface Planted {
  marker: number;
  resource: string;
  id: number;
  payload: string;
  fields: string[];
}

export interface Planting {
  records: Planted[];
  /** "resource.field" pairs that received at least one payload. */
  fields: Set<string>;
  /** Payload × field pairs written, and those too long for the field's maxLength. */
  pairsWritten: number;
  pairsTooLong: number;
  /** Resources that refused the template record, with the server's message. */
  refused: string[];
}

/** The script a payload runs: a dialog and a recorded marker; the short form fits short fields. */
export const codeFor = (marker: number, short = false) => (short ? `__x(${marker})` : `alert(${marker}),__x(${marker})`);

const maxLengthOf = (f: ResourceField) => f.maxLength ?? (f.type === 'html' ? 100_000 : f.type === 'text' ? 5000 : 255);

/**
 * Another value of a field copied from the template, for what must differ between records (a
 * unique code, a room number a hook keeps unique in its building): derived from the template's
 * value and the record's index, within the field's pattern, length and range.
 */
function variant(f: ResourceField, template: unknown, index: number): unknown {
  if (f.type === 'integer' || f.type === 'number') {
    const next = Number(template ?? 0) + index;
    return next <= (f.maximum ?? Infinity) ? next : template;
  }
  const base = typeof template === 'string' ? template : '';
  const letters = index.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
  const digits = String(index);
  const candidates = [`${base}${letters}`, `${base}${digits}`, `${base}_${digits}`, base.slice(0, Math.max(0, base.length - digits.length)) + digits, `x${digits}`, digits.padStart(f.minLength ?? 1, '0')];
  const fits = (v: string) => v.length <= maxLengthOf(f) && v.length >= (f.minLength ?? 0) && (!f.pattern || new RegExp(f.pattern).test(v));
  return candidates.find(fits) ?? template;
}

/** A valid resident ID number per index (its check character computed as the server checks it). */
function idNumber(index: number): string {
  const head = `44030519900101${String(index).padStart(3, '0')}`;
  return [...'0123456789X'].map((c) => head + c).find(idCardCheckOk)!;
}

/** Values that hooks keep apart beyond what the JSON declares (non-overlapping score ranges, a checked ID number), per record index. */
const FILLERS: Record<string, (index: number) => unknown> = {
  'external_staff.id_number': idNumber,
  // Levels 10, 20, 30 and 40 are seeded; 1 to 99 allowed.
  'portrait_level.level_order': (i) => [...Array(59).keys()].map((k) => 41 + k).concat([...Array(39).keys()].map((k) => k + 1).filter((v) => v % 10))[i - 1],
  'portrait_level.min_score': (i) => 1000 + i * 100,
  'portrait_level.max_score': (i) => 1000 + i * 100 + 50,
};

/** The first visible record of a resource, as its edit form would load it: the template of new ones. */
async function templateOf(api: Api, base: string): Promise<Row | null> {
  const list = await api.post(`${base}/list`, { pageNum: 1, pageSize: 1 });
  const first = list.body.data?.records?.[0] as Row | undefined;
  if (!first) return null;
  return ((await api.get(`${base}/detail`, { id: first.id })).body.data as Row) ?? null;
}

/**
 * Writes every payload into every free-text field of each writable resource, through its own
 * add endpoint (validation, hooks and sanitising included), one record per payload, other
 * fields copied from an existing record.
 */
/**
 * For the workflow walk: a copy's date-times all moved by one offset (so every rule comparing two of
 * them still holds) until the earliest date its timers fire at is a week away, so that a record
 * approved for later waits in that state (待发送) instead of going on at once, like its template did.
 */
function beforeItsTimers(resource: ResourceDef, body: Row): void {
  const at = (resource.workflow?.timers ?? []).map((t) => ('at' in t ? body[t.at] : undefined)).filter((v): v is number => typeof v === 'number');
  if (!at.length) return;
  const delta = Date.now() + 7 * 86_400_000 - Math.min(...at);
  if (delta <= 0) return;
  for (const [name, f] of Object.entries(resource.fields)) if (f.type === 'datetime' && typeof body[name] === 'number') body[name] = (body[name] as number) + delta;
}

export async function plantPayloads(api: Api, catalogue: Catalogue, payloads: Payload[] = PAYLOADS, only?: (r: ResourceDef) => boolean, start = { marker: 1000, index: 0 }, options: { beforeTimers?: boolean } = {}): Promise<Planting> {
  const planting: Planting = { records: [], fields: new Set(), pairsWritten: 0, pairsTooLong: 0, refused: [] };
  let marker = start.marker;
  // A resource holding a unique reference (one hotline seat per staff member) comes after the others: it takes their planted records.
  const uniqueRef = (r: ResourceDef) => Object.values(r.fields).some((f) => f.ref && f.unique);
  const ordered = [...catalogue.resources.values()].sort((a, b) => Number(uniqueRef(a)) - Number(uniqueRef(b)));
  for (const resource of ordered) {
    if (resource.readOnly || !resource.permissions.add || (only && !only(resource))) continue;
    const base = `/api/${resource.service}${resource.path}`;
    const template = await templateOf(api, base);
    if (!template) {
      planting.refused.push(`${resource.name}: 没有可作模板的记录`);
      continue;
    }
    const editable = Object.keys((bodySchema(resource, 'add').properties as Row) ?? {});
    for (const [position, payload] of payloads.entries()) {
      const index = start.index + position;
      marker += 1;
      const body: Row = {};
      for (const name of editable) if (template[name] !== undefined && template[name] !== null) body[name] = template[name];
      const written: string[] = [];
      const copied: string[] = [];
      for (const name of editable) {
        const f = resource.fields[name];
        if (!f || f.through || f.ref) continue;
        const text = isFreeText(f) ? [payload.make(codeFor(marker)), payload.make(codeFor(marker, true))].find((t) => t.trim().length <= maxLengthOf(f)) : undefined;
        if (text) {
          body[name] = text;
          written.push(name);
          continue;
        }
        if (isFreeText(f)) planting.pairsTooLong += 1;
        if (body[name] !== undefined && (TEXT_TYPES.has(f.type) || f.unique) && !f.enum && !f.dict) copied.push(name);
      }
      // Unique fields differ from the start; others (kept unique by a hook) only when the first try collides.
      const distinct = (all: boolean) => {
        for (const name of copied) if (all || resource.fields[name]!.unique) body[name] = variant(resource.fields[name]!, template[name], index + 1);
        for (const name of editable) {
          const f = resource.fields[name];
          const filler = FILLERS[`${resource.name}.${name}`];
          if (filler) body[name] = filler(index + 1);
          // A reference that must be unique (one hotline seat per staff member) takes a planted record of its own.
          else if (f?.ref && f.unique) body[name] = planting.records.filter((r) => r.resource === f.ref)[position]?.id ?? body[name];
        }
      };
      distinct(false);
      if (options.beforeTimers) beforeItsTimers(resource, body);
      let answer = await api.post(`${base}/add`, body);
      if (answer.http === 409) {
        distinct(true);
        answer = await api.post(`${base}/add`, body);
      }
      if (answer.body.status !== '200') {
        planting.refused.push(`${resource.name} ${payload.name}: ${answer.body.message}`);
        continue;
      }
      planting.records.push({ marker, resource: resource.name, id: answer.body.data.id, payload: payload.name, fields: written });
      planting.pairsWritten += written.length;
      for (const name of written) planting.fields.add(`${resource.name}.${name}`);
    }
  }
  return planting;
}

/**
 * The shown fields (resource.field) that hold a payload in the database, however it got there:
 * an add form, a workflow step, a service's route, or copied from another record (a return
 * visit takes its order's title and contact).
 */
export async function fieldsHoldingPayloads(app: FastifyInstance, shown: Map<string, Set<string>>): Promise<Set<string>> {
  const holding = new Set<string>();
  // Resource tables are defined at run time by JSON, so their queries are untyped.
  const db = app.db as unknown as Kysely<any>;
  for (const [resource, fields] of shown) {
    for (const field of fields) {
      const row = await db
        .selectFrom(resource)
        .select(sql<number>`count(*)`.as('n'))
        .where(sql<boolean>`instr(${sql.ref(field)}, '__x(') > 0`)
        .executeTakeFirst()
        .catch(() => undefined);
      if (Number(row?.n) > 0) holding.add(`${resource}.${field}`);
    }
  }
  return holding;
}

/** A header carries Latin-1 without control characters: others become "?". */
const headerText = (text: string) => [...text].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) > 255 ? '?' : c)).join('');

/**
 * The login log shows what strangers type: each payload is signed in with as the account (the
 * log keeps 64 characters) and as the browser's User-Agent, with a wrong password. The server
 * needs PMS_LOGIN_RATE_LIMIT above the number of payloads.
 */
export async function plantLoginAttempts(admin: Api, payloads: Payload[] = PAYLOADS): Promise<Planted[]> {
  const stranger = new Api(admin.baseUrl);
  const sent = new Map<string, { marker: number; payload: string }>();
  for (const [index, payload] of payloads.entries()) {
    const marker = 900_000 + index;
    const account = [payload.make(codeFor(marker)), payload.make(codeFor(marker, true))].find((t) => t.length <= 64) ?? payload.make(codeFor(marker, true));
    await stranger.post('/api/auth/login/userlogin', { account, password: passwordDigest('wrong-password') }, { 'user-agent': headerText(payload.make(codeFor(marker))).slice(0, 300) });
    sent.set(account.slice(0, 64).trim(), { marker, payload: payload.name });
  }
  const logged = (await admin.post('/api/base/loginLog/list', { pageNum: 1, pageSize: 200, filters: { success: 0 } })).body.data.records as Row[];
  return logged.flatMap((row) => {
    const match = sent.get(String(row.account).trim());
    return match ? [{ ...match, resource: 'login_log', id: row.id as number, fields: ['account', 'user_agent'] }] : [];
  });
}

/** Env of a server that takes every payload as a login attempt. */
export const XSS_SERVER_ENV = { PMS_LOGIN_RATE_LIMIT: String(PAYLOADS.length * 3) };

/** Every writer: the resources' add endpoints and the login attempts (server started with XSS_SERVER_ENV). */
export async function plantAll(api: Api, catalogue: Catalogue, only?: (r: ResourceDef) => boolean): Promise<Planting> {
  const planting = await plantPayloads(api, catalogue, PAYLOADS, only);
  const logins = await plantLoginAttempts(api);
  planting.records.push(...logins);
  for (const record of logins) for (const f of record.fields) planting.fields.add(`login_log.${f}`);
  planting.pairsWritten += logins.length * 2;
  return planting;
}

/** What chromium saw: markers run, dialogs opened, dangerous DOM left behind, rows displayed. */
export interface BrowserFindings {
  screensOpened: number;
  markersRun: number[];
  dialogs: string[];
  dangerousNodes: string[];
  /** Planted records shown on some screen, by marker. */
  displayed: Set<number>;
  /** Records whose payload text (with its marker's call) a detail screen shows as text. */
  textShown: Set<number>;
  /** Screens where planted records of their resource did not show (fixed filters, other views). */
  notDisplayed: string[];
}

/** Runs in every frame before the app: the function payloads call, and the markers it records. */
const MARKER_INIT = `window.__xss = []; window.__x = function (n) { window.__xss.push(n); try { if (window.top !== window) window.top.__xss.push(n); } catch (e) {} };`;

/**
 * Elements and attributes through which markup runs script; the app itself renders none.
 * Runs in the page (the whole document) and on stored rich text (a jsdom document).
 */
export function scanDangerous(root?: Document): string[] {
  const doc = root ?? document;
  const origin = doc.location?.origin ?? 'null';
  const found: string[] = [];
  const urlAttrs = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background']);
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (['iframe', 'frame', 'object', 'embed', 'base', 'applet'].includes(tag)) found.push(`<${tag}>`);
    if (tag === 'meta' && el.hasAttribute('http-equiv')) found.push('<meta http-equiv>');
    // The app's styles live in the head (antd's CSS-in-JS); one in the body came from content.
    if (tag === 'style' && el.closest('body')) found.push(`<style>${el.textContent?.slice(0, 60)}`);
    if (tag === 'script' && !(el.getAttribute('src') ?? '').startsWith('/') && !(el.getAttribute('src') ?? '').startsWith(origin)) found.push(`<script>${el.textContent?.slice(0, 60)}`);
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a URL's scheme ("jav\tascript:").
      const value = [...a.value].filter((c) => c.charCodeAt(0) > 32).join('').toLowerCase();
      if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
      if (name === 'srcdoc') found.push(`<${tag} srcdoc>`);
      // React 19 replaces a javascript: URL by one that only throws "React has blocked a javascript: URL".
      if (urlAttrs.has(name) && (value.startsWith('javascript:') || value.startsWith('data:text/html')) && !value.includes('reacthasblocked')) found.push(`<${tag} ${name}=${a.value.slice(0, 60)}>`);
    }
  }
  return found;
}

/** A page that records dialogs and waits for its requests to settle. */
async function watchedPage(browser: Browser, baseUrl: string, findings: BrowserFindings, account: string): Promise<{ page: Page; settle: () => Promise<void> }> {
  const context = await browser.newContext();
  await context.addInitScript(MARKER_INIT);
  const page = await context.newPage();
  page.on('dialog', (d) => {
    findings.dialogs.push(`${d.type()}: ${d.message()} @ ${page.url()}`);
    void d.dismiss().catch(() => undefined);
  });
  let inflight = 0;
  page.on('request', () => (inflight += 1));
  page.on('requestfinished', () => (inflight -= 1));
  page.on('requestfailed', () => (inflight -= 1));
  // Quiet for 200 ms: data loaded, rendered, and any image a payload points at has failed.
  const settle = async () => {
    const until = Date.now() + 10_000;
    let quietSince = Date.now();
    while (Date.now() < until) {
      await page.waitForTimeout(50);
      if (inflight > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 200) return;
    }
  };
  await signIn(page, baseUrl, account);
  // The signed-in shell loads after the sign-in page: a navigation before its router listens is lost.
  await active(page).waitFor({ timeout: 30_000 });
  return { page, settle };
}

/** Navigates inside the single-page app (no reload), the way a menu click does (the state is react-router's own), until the screen's call answered. */
async function go(page: Page, url: string, call: string): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === call, { timeout: 30_000 }).catch((e: Error) => {
    throw new Error(`${url}: ${call} was not called (${e.message})`);
  });
  await page.evaluate((u) => {
    window.history.pushState({ usr: null, key: `xss${Date.now()}`, idx: ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1 }, '', u);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await answered;
}

const active = (page: Page) => page.locator('.pms-page[data-active="true"]');

/**
 * Waits until the active detail screen shows its record: the detail call can answer before React
 * has drawn it, and quiet requests alone do not say it is on screen. The record's descriptions (or
 * its not-found result) are drawn once no loading blur covers them: a detail page mounts loading.
 */
const detailDrawn = (page: Page) =>
  page.waitForFunction(
    () => {
      const shown = document.querySelector('.pms-page[data-active="true"]')?.querySelector('.ant-descriptions-item-content, .ant-result');
      return Boolean(shown && !shown.closest('.ant-spin-blur'));
    },
    undefined,
    { timeout: 30_000 },
  );

/** Ids of the rows the active list shows. */
const rowKeys = async (page: Page): Promise<number[]> =>
  active(page)
    .locator('.ant-table-row')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key'))));

/** Shows a list at 100 rows a page and turns pages until every planted row was seen (at most 5 pages). */
async function browseList(page: Page, settle: () => Promise<void>, wanted: Map<number, number>, seen: Set<number>): Promise<void> {
  const collect = async () => {
    for (const id of await rowKeys(page)) if (wanted.has(id)) seen.add(wanted.get(id)!);
  };
  await collect();
  const missing = () => [...wanted.values()].some((m) => !seen.has(m));
  if (!missing()) return;
  const sizer = active(page).locator('.ant-pagination-options .ant-select');
  if (await sizer.count()) {
    await sizer.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="100 条/页"]').click();
    await settle();
    await collect();
  }
  for (let turn = 0; turn < 4 && missing(); turn++) {
    const next = active(page).locator('li.ant-pagination-next:not(.ant-pagination-disabled)');
    if (!(await next.count())) break;
    await next.click();
    await settle();
    await collect();
  }
}

/** Markers recorded by every frame of the page. */
async function markersOf(page: Page): Promise<number[]> {
  const all: number[] = [];
  for (const frame of page.frames()) all.push(...(await frame.evaluate(() => (window as unknown as { __xss?: number[] }).__xss ?? []).catch(() => [] as number[])));
  return all;
}

/**
 * Opens every screen (each detail once per planted record, or a sample of them) as the administrator and counts what ran.
 * The screens are shared out over `pages` signed-in pages that browse side by side: most of a
 * screen's time is waiting for its requests to go quiet, which another page can use.
 */
export async function checkScreens(browser: Browser, baseUrl: string, screens: Screen[], records: Planted[], detailsPerScreen = Infinity, pages = 2): Promise<BrowserFindings> {
  const shares = Array.from({ length: pages }, (_, i) => screens.filter((_, j) => j % pages === i)).filter((share) => share.length);
  const parts = await Promise.all(shares.map((share) => checkScreenShare(browser, baseUrl, share, records, detailsPerScreen)));
  return {
    screensOpened: parts.reduce((n, p) => n + p.screensOpened, 0),
    markersRun: parts.flatMap((p) => p.markersRun),
    dialogs: parts.flatMap((p) => p.dialogs),
    dangerousNodes: parts.flatMap((p) => p.dangerousNodes),
    displayed: new Set(parts.flatMap((p) => [...p.displayed])),
    textShown: new Set(parts.flatMap((p) => [...p.textShown])),
    notDisplayed: parts.flatMap((p) => p.notDisplayed),
  };
}

/** One page's share of checkScreens. */
async function checkScreenShare(browser: Browser, baseUrl: string, screens: Screen[], records: Planted[], detailsPerScreen: number): Promise<BrowserFindings> {
  const findings: BrowserFindings = { screensOpened: 0, markersRun: [], dialogs: [], dangerousNodes: [], displayed: new Set(), textShown: new Set(), notDisplayed: [] };
  const { page, settle } = await watchedPage(browser, baseUrl, findings, 'admin');
  const look = async (where: string) => {
    await settle();
    findings.screensOpened += 1;
    findings.markersRun.push(...(await markersOf(page)));
    findings.dangerousNodes.push(...(await page.evaluate(scanDangerous, undefined)).map((d) => `${d} @ ${where}`));
  };
  try {
    for (const screen of screens) {
      const planted = records.filter((r) => r.resource === screen.resource);
      if (!planted.length) continue;
      if (screen.kind === 'list') {
        await go(page, screen.route, `${screen.api}/list`);
        // The rows call starts with the navigation, so it can answer before the page has rendered:
        // wait for what the user sees, rows or the empty table, not only for quiet requests.
        await active(page).locator('.ant-table-row, .ant-table-placeholder .ant-empty').first().waitFor({ timeout: 30_000 });
        await settle();
        const seen = new Set<number>();
        await browseList(page, settle, new Map(planted.map((r) => [r.id, r.marker])), seen);
        await look(screen.route);
        seen.forEach((m) => findings.displayed.add(m));
        if (seen.size < planted.length) findings.notDisplayed.push(`${screen.route}: ${planted.length - seen.size}/${planted.length}`);
      } else {
        // A sample spread over the corpus when asked (the fast part): every list already showed them all.
        // A record written again (a return visit retried) shows its last payload: opened once, as the same URL would not load again.
        const last = [...new Map(planted.map((r) => [r.id, r])).values()];
        const step = Math.max(1, Math.ceil(last.length / detailsPerScreen));
        for (const record of last.filter((_, i) => i % step === 0)) {
          const url = screen.route.includes(':id') ? screen.route.replace(':id', String(record.id)) : `${screen.route}?${screen.idParam ?? 'id'}=${record.id}`;
          await go(page, url, `${screen.api}/detail`);
          await detailDrawn(page);
          await look(url);
          if (await active(page).locator('.ant-descriptions-item-content').count()) findings.displayed.add(record.marker);
          if ((await active(page).innerText()).includes(codeFor(record.marker, true))) findings.textShown.add(record.marker);
        }
      }
    }
  } finally {
    await page.context().close();
  }
  return findings;
}

/**
 * Opens one screen (a bespoke one: no schema says what it shows) and whatever `explore` opens
 * inside it (a drawer per row), counting what ran and which markers show as text in `scope`.
 */
export async function checkPage(
  browser: Browser,
  baseUrl: string,
  route: string,
  call: string,
  markers: number[],
  explore?: (page: Page, look: (scope: string) => Promise<void>) => Promise<void>,
): Promise<BrowserFindings> {
  const findings: BrowserFindings = { screensOpened: 0, markersRun: [], dialogs: [], dangerousNodes: [], displayed: new Set(), textShown: new Set(), notDisplayed: [] };
  const { page, settle } = await watchedPage(browser, baseUrl, findings, 'admin');
  const look = async (scope: string) => {
    await settle();
    findings.screensOpened += 1;
    findings.markersRun.push(...(await markersOf(page)));
    findings.dangerousNodes.push(...(await page.evaluate(scanDangerous, undefined)).map((d) => `${d} @ ${route} ${scope}`));
    const text = await page.locator(scope).first().innerText();
    for (const m of markers) if (text.includes(codeFor(m, true))) findings.textShown.add(m);
  };
  try {
    await go(page, route, call);
    await look('.pms-page[data-active="true"]');
    await explore?.(page, look);
  } finally {
    await page.context().close();
  }
  return findings;
}

/**
 * Proves the detector can fail: markup put into the page unsanitised runs its handler and
 * leaves a dangerous node; answers what was caught.
 */
export async function detectorSelfTest(browser: Browser, baseUrl: string): Promise<{ markers: number[]; dangerous: string[] }> {
  const findings: BrowserFindings = { screensOpened: 0, markersRun: [], dialogs: [], dangerousNodes: [], displayed: new Set(), textShown: new Set(), notDisplayed: [] };
  const context = await browser.newContext();
  await context.addInitScript(MARKER_INIT);
  const page = await context.newPage();
  try {
    // A page of its own (no app, no Content-Security-Policy) with an unsafe sink: innerHTML.
    await page.route(`${baseUrl}/xss-self-test`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><div id="sink"></div>' }));
    await page.goto(`${baseUrl}/xss-self-test`);
    const markup = PAYLOADS.find((p) => p.name === 'img-onerror')!.make(codeFor(1, true));
    await page.evaluate((html) => (document.getElementById('sink')!.innerHTML = html), markup);
    await page.waitForFunction(() => ((window as unknown as { __xss?: number[] }).__xss ?? []).length > 0, null, { timeout: 5000 }).catch(() => undefined);
    findings.markersRun = await markersOf(page);
    return { markers: findings.markersRun, dangerous: await page.evaluate(scanDangerous, undefined) };
  } finally {
    await context.close();
  }
}

/** Figures of exports: formula cells, and text cells starting with a character a spreadsheet would run. */
export interface ExportFindings {
  exports: number;
  cells: number;
  formulaCells: number;
  /** Text cells written with the leading apostrophe that keeps a spreadsheet from running them. */
  escaped: number;
  unescaped: string[];
}

/** Downloads the export of every resource holding planted records and reads it with exceljs. */
export async function checkExports(api: Api, catalogue: Catalogue, records: Planted[]): Promise<ExportFindings> {
  const out: ExportFindings = { exports: 0, cells: 0, formulaCells: 0, escaped: 0, unescaped: [] };
  for (const name of new Set(records.map((r) => r.resource))) {
    const resource = catalogue.resources.get(name)!;
    if (!resource.permissions.export) continue;
    const { replay, sign } = api.signed({});
    const query = new URLSearchParams({ timestamp: String(replay.timestamp), nonce: replay.nonce });
    const response = await fetch(`${api.baseUrl}/api/${resource.service}${resource.path}/export?${query}`, { headers: api.headers(sign) });
    if (response.status !== 200) throw new Error(`${name}.export answered ${response.status}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as never);
    out.exports += 1;
    workbook.worksheets[0]!.eachRow((row) =>
      row.eachCell((cell) => {
        out.cells += 1;
        if (cell.type === ExcelJS.ValueType.Formula || cell.formula) out.formulaCells += 1;
        else if (typeof cell.value === 'string' && /^[=+\-@\t\r]/.test(cell.value)) out.unescaped.push(`${name}: ${cell.value.slice(0, 40)}`);
        else if (typeof cell.value === 'string' && /^'[=+\-@\t\r]/.test(cell.value)) out.escaped += 1;
      }),
    );
  }
  return out;
}

/** Rich text figures: values stored unsanitised, and what ran when unsanitised values were shown. */
export interface RichTextFindings {
  stored: number;
  unsanitisedStored: string[];
  /** Raw payloads written straight into the database and shown by the editor and the public page. */
  views: BrowserFindings;
}

/** Rich-text fields ("html") and the form screens editing them with the RichText component. */
function richTextTargets(catalogue: Catalogue): { resource: ResourceDef; fields: string[]; forms: string[] }[] {
  return [...catalogue.resources.values()]
    .map((resource) => ({
      resource,
      fields: Object.entries(resource.fields).filter(([, f]) => f.type === 'html').map(([n]) => n),
      forms: (catalogue.pages as PageSchema[]).filter((p) => p.kind === 'form' && p.resource === resource.name && Object.values(p.fields).some((f) => (f as Row)['x-component'] === 'RichText')).map((p) => p.route),
    }))
    .filter((t) => t.fields.length);
}

/**
 * Saved: every planted rich text as the server stored it holds nothing that runs (and is a fixed
 * point of the sanitiser). Shown: the same payloads written unsanitised straight into the
 * database (as a migration or another system might) are opened in the editor and, published,
 * on the public agreement page: display-side sanitising alone must stop them.
 */
export async function checkRichText(browser: Browser, server: { url: string; app: { db: unknown } }, api: Api, catalogue: Catalogue, records: Planted[], sample = Infinity): Promise<RichTextFindings> {
  const findings: RichTextFindings = { stored: 0, unsanitisedStored: [], views: { screensOpened: 0, markersRun: [], dialogs: [], dangerousNodes: [], displayed: new Set(), textShown: new Set(), notDisplayed: [] } };
  // Resource tables are defined at run time by JSON, so their queries are untyped.
  const db = server.app.db as Kysely<any>;
  const { page, settle } = await watchedPage(browser, server.url, findings.views, 'admin');
  const look = async (where: string) => {
    await settle();
    findings.views.screensOpened += 1;
    findings.views.markersRun.push(...(await markersOf(page)));
    findings.views.dangerousNodes.push(...(await page.evaluate(scanDangerous, undefined)).map((d) => `${d} @ ${where}`));
  };
  try {
    for (const { resource, fields, forms } of richTextTargets(catalogue)) {
      const base = `/api/${resource.service}${resource.path}`;
      const planted = records.filter((r) => r.resource === resource.name);
      for (const record of planted) {
        const stored = (await api.get(`${base}/detail`, { id: record.id })).body.data as Row;
        for (const field of fields) {
          const value = String(stored[field] ?? '');
          findings.stored += 1;
          const dangerous = scanDangerous(new JSDOM(`<body>${value}</body>`).window.document);
          if (dangerous.length || sanitizeHtml(value) !== value) findings.unsanitisedStored.push(`${resource.name}#${record.id}.${field} (${record.payload}): ${dangerous.join(' ') || value.slice(0, 80)}`);
        }
      }
      const step = Math.max(1, Math.ceil(planted.length / sample));
      for (const record of planted.filter((_, i) => i % step === 0)) {
        const raw = PAYLOADS.find((p) => p.name === record.payload)!.make(codeFor(record.marker));
        const writeRaw = () => db.updateTable(resource.name).set(Object.fromEntries(fields.map((f) => [f, raw]))).where('id', '=', record.id).execute();
        await writeRaw();
        for (const form of forms) {
          await go(page, `${form}?id=${record.id}`, `${base}/detail`);
          await look(form);
          if (await active(page).locator('.pms-richtext-body').count()) findings.views.displayed.add(record.marker);
        }
        // The published agreement is what every user reads on /userPrivateProxy.
        if (resource.name === 'privacy_agreement') {
          await api.post(`${base}/transition`, { id: record.id, action: 'publish' });
          await writeRaw();
          await go(page, '/userPrivateProxy', `${base}/published`);
          if ((await db.selectFrom(resource.name).select('kind').where('id', '=', record.id).executeTakeFirst())?.kind === 'privacy') {
            const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `${base}/published`);
            await page.getByRole('tab', { name: '隐私政策' }).click();
            await answered;
          }
          await look('/userPrivateProxy');
          if (await page.locator('article').count()) findings.views.displayed.add(record.marker);
        }
      }
    }
  } finally {
    await page.context().close();
  }
  return findings;
}
