import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import { forbidden } from '../../platform/http/envelope.ts';
import { visibleProjectIds } from '../../engine/scope.ts';
import type { StaffContext } from '../../platform/types.ts';

export const MAX_PAGE_SIZE = 200;
export const EXPORT_LIMIT = 50_000;

/** pageNum / pageSize of every paged query, as JSON-schema properties. */
export const pageProps = {
  pageNum: { type: 'integer', minimum: 1, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 },
} as const;

export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export function pageOf<T>(records: T[], total: number | string | bigint, q: PageQuery): Page<T> {
  return { records, total: Number(total), pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 10 };
}

/** How many rows a query finds, whatever it selects. */
export async function countRows<D, TB extends keyof D, O>(q: SelectQueryBuilder<D, TB, O>): Promise<number> {
  // Generic over every table, Kysely cannot name the selected column: typed by hand.
  const row = (await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as unknown as { n: number };
  return Number(row.n);
}

export const offsetOf = (q: PageQuery) => ((q.pageNum ?? 1) - 1) * (q.pageSize ?? 10);

export const idProp = { type: 'integer', minimum: 1 } as const;
export const dayProp = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
export const timeProp = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } as const;

/** SQL true and false: SQLite binds no booleans. */
export const ALL = sql<SqlBool>`1 = 1`;
export const NONE = sql<SqlBool>`1 = 0`;

/** Which projects' patrol data the caller sees (spec 6 data scope), and whether their own work counts too. */
export interface PatrolScope {
  all: boolean;
  projects: number[];
  /** The 'self' data scope: tasks and records the caller did themselves. */
  selfStaffId: number | null;
}

export async function scopeOf(db: DB, staff: StaffContext): Promise<PatrolScope> {
  if (staff.dataScopes.includes('all')) return { all: true, projects: [], selfStaffId: null };
  return { all: false, projects: await visibleProjectIds(db, staff), selfStaffId: staff.dataScopes.includes('self') ? staff.id : null };
}

/**
 * Whether a row is in the caller's patrol scope, read in code: their projects, or under the 'self'
 * scope their own work. "Own" never matches an empty owner: a task nobody executes is nobody's
 * (issue 40: null === null let any caller without the 'self' scope read every such task).
 */
export function mayReach(scope: PatrolScope, row: { project_id: number; executor_id: number | null }): boolean {
  return scope.all || scope.projects.includes(row.project_id) || isOwn(row.executor_id, scope.selfStaffId);
}

/** An owner column equal to the caller, with neither side empty. */
export const isOwn = (owner: number | null | undefined, self: number | null | undefined): boolean => owner != null && self != null && owner === self;

/** A where-clause keeping rows of the caller's projects (and their own work under the 'self' scope). */
export function inScope(scope: PatrolScope, projectColumn: string, staffColumn?: string) {
  // Used over several joined tables, so the builder is untyped here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (eb: ExpressionBuilder<any, any>) => {
    if (scope.all) return ALL;
    const parts = [];
    if (scope.projects.length) parts.push(eb(eb.ref(projectColumn), 'in', scope.projects));
    if (staffColumn && scope.selfStaffId !== null) parts.push(eb(eb.ref(staffColumn), '=', scope.selfStaffId));
    return parts.length ? eb.or(parts) : NONE;
  };
}

/** Refuses work in a project outside the caller's data scope. */
export function assertProject(scope: PatrolScope, projectId: number): void {
  if (!scope.all && !scope.projects.includes(projectId)) throw forbidden('不能操作权限范围以外项目的巡查数据');
}

/** The projects a query may cover: the asked one when visible, else every visible one. */
export function projectFilter(scope: PatrolScope, projectId?: number): number[] | null {
  if (projectId !== undefined) {
    assertProject(scope, projectId);
    return [projectId];
  }
  return scope.all ? null : scope.projects;
}

// ---- days and times: local 'YYYY-MM-DD' and 'HH:mm', as people plan rounds ----

export const pad = (n: number) => String(n).padStart(2, '0');

export function dayOf(at: Date | number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight of a day. */
export function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  return dayOf(parseDay(day)) === day;
}

export function addDays(day: string, n: number): string {
  const d = parseDay(day);
  d.setDate(d.getDate() + n);
  return dayOf(d);
}

/** Epoch ms of a time of day on a day, local time. */
export function atTime(day: string, time: string): number {
  const d = parseDay(day);
  const [h, m] = time.split(':').map(Number) as [number, number];
  d.setHours(h, m, 0, 0);
  return d.getTime();
}

/** Whole days from a to b (both local days). */
export function daysBetween(a: string, b: string): number {
  const ua = Date.UTC(...(a.split('-').map(Number) as [number, number, number]));
  const ub = Date.UTC(...(b.split('-').map(Number) as [number, number, number]));
  return Math.round((ub - ua) / 86_400_000);
}

/** A day range filter ['2026-11-01', '2026-11-22'] checked, defaulting to the last 30 days. */
export function dayRange(from?: string, to?: string, today = dayOf(Date.now())): [string, string] {
  const end = to ?? today;
  const start = from ?? addDays(end, -29);
  return start <= end ? [start, end] : [end, start];
}

export function parseJsonList<T = unknown>(text: string | null | undefined): T[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Comma-separated ids of a GET call (ids=1,2,3), checked. */
export function idList(text: string): number[] {
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  return [...new Set(ids)].filter((n) => Number.isInteger(n) && n > 0);
}

export const STATUS_TEXT: Record<string, string> = {
  not_started: '未开始',
  in_progress: '进行中',
  finished: '已完成',
  overdue: '已超期',
  missed: '漏检',
};

export const FREQ_TEXT: Record<string, string> = { daily: '每天', weekly: '每周', monthly: '每月', interval: '间隔天数' };
export const WEEKDAY_TEXT = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];

export const formatTime = (ms: number | null | undefined) => {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  return `${dayOf(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** A download's name stamped with today's (UTC) date: 巡查任务_2026-11-22.xlsx. */
export const datedFileName = (title: string, extension: string) => `${title}_${new Date().toISOString().slice(0, 10)}.${extension}`;

export const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
