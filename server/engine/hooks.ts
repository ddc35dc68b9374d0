import type { FastifyInstance } from 'fastify';
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { StaffContext } from '../platform/types.ts';

// Resource tables are defined by JSON at run time, so hook queries are untyped like the engine's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDB = Kysely<any>;
export type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RowCondition = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

/** The caller of hooks run by the system (workflow timers): no staff record, id 0, named 系统. */
export const SYSTEM_ACTOR: StaffContext = { id: 0, account: 'system', name: '系统', orgId: 0, roles: [], roleIds: [], dataScopes: ['all'], buttons: new Set(), token: '', mustChangePassword: false };

/** What an afterSave hook adds to the answer of add or update (e.g. a password shown once). */
export interface SaveAnswer {
  data?: Row;
  message?: string;
}

/** What every hook gets: the open write transaction (SQLite has one connection: use it) and the caller (SYSTEM_ACTOR for timers). */
export interface HookContext {
  trx: AnyDB;
  staff: StaffContext;
  app: FastifyInstance;
}

/**
 * The TypeScript a resource may add to its JSON definition ("custom actions are small handlers
 * next to it"): checks and side effects inside the generic endpoints' transactions, and routes of
 * its own under the resource's path. A hook throws an ApiError to refuse; the transaction then
 * rolls back, so nothing is half-written.
 */
export interface ResourceHooks {
  /** Before insert or update: may change `values` (columns about to be written) or refuse. `current` is the stored row on update. */
  beforeSave?(ctx: HookContext & { id: number | null; values: Row; current: Row | null }): Promise<void> | void;
  /**
   * After insert or update, in the same transaction (child rows, derived columns). What it
   * returns joins the answer: `data` beside the id, `message` instead of the default one.
   */
  afterSave?(ctx: HookContext & { id: number; values: Row; created: boolean }): Promise<SaveAnswer | void> | SaveAnswer | void;
  /** Before delete, after the generic guards: refuse deleting what is still in use. */
  beforeDelete?(ctx: HookContext & { ids: number[] }): Promise<void> | void;
  /** After enable or disable, in the same transaction (a disabled staff member's sessions end). */
  afterEnable?(ctx: HookContext & { id: number; enabled: 0 | 1 }): Promise<void> | void;
  /** After a workflow transition, in the same transaction (notices, timers); `before` is the row as it stood before the move. */
  afterTransition?(ctx: HookContext & { id: number; action: string; from: string; to: string; note: string | null; record: Row; before: Row }): Promise<void> | void;
  /** Extra calls of this resource, registered under its service and path (same auth, signature and permission checks). */
  routes?(app: FastifyInstance): Promise<void>;
  /**
   * What the data scope "own records" covers (default: the records the caller created); a work
   * order is also its processor's. A condition on the resource's table, used by every read and write.
   */
  ownRows?(ctx: { db: AnyDB; staff: StaffContext }): Promise<RowCondition> | RowCondition;
  /**
   * For a table whose rows belong to a project through some other column (the hotline's caller
   * project, nullable): the rows a caller whose data scope is not "all" may see. scopeRows applies
   * it to every read (list, detail, options, export, reports) like the project scope.
   */
  visibleRows?(ctx: { db: AnyDB; staff: StaffContext; projects: number[] }): Promise<RowCondition> | RowCondition;
  /**
   * Rows that are the caller's whatever their data scope: an approval task given to someone
   * outside the record's project (a named approver) is still theirs to see and decide.
   */
  mineRows?(ctx: { db: AnyDB; staff: StaffContext }): Promise<RowCondition> | RowCondition;
  /**
   * Filters of the resource's own, applied by list and export after the declared ones: a list
   * page's fixed `view` (my orders, the seize pool), a range over a system column.
   */
  listFilter?(ctx: { db: AnyDB; staff: StaffContext; query: AnySelect; filters: Row }): Promise<AnySelect> | AnySelect;
}
