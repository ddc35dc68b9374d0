import type { Generated } from 'kysely';

/**
 * Tables of the patrol service (spec 7.2), created by the '2026_11_05x' migrations in
 * migrations/. Times are epoch milliseconds; days are local 'YYYY-MM-DD' text and
 * times of day 'HH:mm' text, as a patrol manager reads them.
 */

/** A category of patrol points (消防设施 > 灭火器), a tree. */
export interface TbpClassifyTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  code: string;
  sort: number;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** What is checked at every point of a category. */
export interface TbpStandardTable {
  id: Generated<number>;
  classify_id: number;
  name: string;
  method: string | null;
  /** 1: the inspector must take a photo for this standard. */
  need_photo: number;
  sort: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A known problem of a standard, picked by the inspector instead of typed. */
export interface TbpStandardProblemTable {
  id: Generated<number>;
  standard_id: number;
  description: string;
  /** general | serious */
  level: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A place that is patrolled, labelled with a QR code that carries a signed token. */
export interface TbpPointTable {
  id: Generated<number>;
  project_id: number;
  classify_id: number;
  code: string;
  name: string;
  location: string;
  remark: string | null;
  enabled: number;
  qr_print_count: number;
  qr_printed_at: number | null;
  /** Set when deleted: records keep pointing at it. */
  deleted_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface TbpPlanTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  stripe_code: string;
  /** post | staff */
  assign_type: string;
  post_id: number | null;
  /** JSON list of staff ids (assign_type staff). */
  staff_ids: string;
  /** daily | weekly | monthly | interval */
  freq_type: string;
  /** JSON list: ISO weekdays 1-7 (weekly) or days of the month 1-31 (monthly). */
  freq_days: string;
  /** Every N days from start_date (interval). */
  interval_days: number | null;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  /** Tasks appear this many minutes before start_time. */
  lead_minutes: number;
  /** 1: points must be checked in the plan's order. */
  ordered: number;
  /** running | stopped */
  status: string;
  remark: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface TbpPlanPointTable {
  plan_id: number;
  point_id: number;
  sort: number;
}

export interface TbpTaskTable {
  id: Generated<number>;
  plan_id: number;
  project_id: number;
  name: string;
  task_day: string;
  window_start: number;
  window_end: number;
  /** Start of the day after task_day: an overdue task is missed from then on. */
  close_at: number;
  /** Who the plan gave it to (post or staff): with plan and day, the task's identity. */
  assignee_type: string;
  assignee_id: number;
  /** The post the task is counted under in statistics. */
  post_id: number | null;
  /** Who does it now: the assigned or transferred staff member; for a post task, whoever checks in first. */
  executor_id: number | null;
  /** not_started | in_progress | finished | overdue | missed (see server/modules/patrol/README.md). */
  status: string;
  point_count: number;
  done_count: number;
  problem_count: number;
  started_at: number | null;
  finished_at: number | null;
  /** complete (every point checked) | manual (finished from the back office) */
  finish_type: string | null;
  finish_note: string | null;
  finished_by: number | null;
  transfer_count: number;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The points of a task as the plan listed them when it was generated. */
export interface TbpTaskPointTable {
  task_id: number;
  point_id: number;
  sort: number;
}

export interface TbpTaskLogTable {
  id: Generated<number>;
  task_id: number;
  /** generate | record | transfer | finish | delete | overdue | missed */
  action: string;
  note: string | null;
  from_staff_id: number | null;
  to_staff_id: number | null;
  staff_id: number | null;
  staff_name: string | null;
  at: number;
}

export interface TbpRecordTable {
  id: Generated<number>;
  task_id: number;
  point_id: number;
  plan_id: number;
  project_id: number;
  staff_id: number;
  checked_at: number;
  /** normal | abnormal */
  result: string;
  /** JSON: [{ standardId, standardName, result: pass|fail, problemIds, problems, note, photos }] */
  items: string;
  problem_count: number;
  /** JSON list of photo URLs from the file service. */
  photos: string;
  remark: string | null;
  /** none | pending | handled */
  handle_status: string;
  handle_note: string | null;
  handled_by: number | null;
  handled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Work orders (question tasks) raised from a record's problems: the task-sync calls read them. */
export interface TbpRecordOrderTable {
  record_id: number;
  work_order_id: number;
  point_id: number;
  task_id: number;
}

/** Secrets of the patrol service (the QR token key), generated once per database. */
export interface TbpSecretTable {
  name: string;
  value: string;
}


declare module '../../platform/db/schema.ts' {
  interface Database {
    tbp_classify: TbpClassifyTable;
    tbp_standard: TbpStandardTable;
    tbp_standard_problem: TbpStandardProblemTable;
    tbp_point: TbpPointTable;
    tbp_plan: TbpPlanTable;
    tbp_plan_point: TbpPlanPointTable;
    tbp_task: TbpTaskTable;
    tbp_task_point: TbpTaskPointTable;
    tbp_task_log: TbpTaskLogTable;
    tbp_record: TbpRecordTable;
    tbp_record_order: TbpRecordOrderTable;
    tbp_secret: TbpSecretTable;
  }
}
