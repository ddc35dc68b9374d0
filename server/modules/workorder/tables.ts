import type { Generated } from 'kysely';

/** Columns work_order gained with its lifecycle (workOrderMigrations.ts); times are epoch ms. */
export interface WorkOrderLifecycleColumns {
  building_id: Generated<number | null>;
  service_type_id: Generated<number | null>;
  problem_id: Generated<number | null>;
  contact_name: Generated<string | null>;
  contact_phone: Generated<string | null>;
  address: Generated<string | null>;
  /** Appointment time agreed with the customer, 'YYYY-MM-DD HH:mm'. */
  reserve_at: Generated<string | null>;
  /** JSON list of photo URLs taken when the order was reported. */
  photos: Generated<string | null>;
  /** The post whose members may seize the order (the pool). */
  post_id: Generated<number | null>;
  dispatcher_id: Generated<number | null>;
  given_at: Generated<number | null>;
  accepted_at: Generated<number | null>;
  handled_at: Generated<number | null>;
  closed_at: Generated<number | null>;
  suspended_at: Generated<number | null>;
  hang_reason: Generated<string | null>;
  hang_until: Generated<string | null>;
  improper_reason: Generated<string | null>;
  handle_result: Generated<string | null>;
  handle_photos: Generated<string | null>;
  /** JSON list of { name, quantity, price }. */
  materials: Generated<string | null>;
  evaluation_score: Generated<number | null>;
  evaluation_content: Generated<string | null>;
  evaluated_at: Generated<number | null>;
  add_evaluation: Generated<string | null>;
  add_evaluated_at: Generated<number | null>;
  urge_count: Generated<number>;
  urged_at: Generated<number | null>;
  /** SLA: respond (accept) by, finish (handle) by. */
  response_due_at: Generated<number | null>;
  finish_due_at: Generated<number | null>;
  /** normal | warning | overdue */
  sla_state: Generated<string>;
  source_order_id: Generated<number | null>;
  save_as_draft: Generated<number>;
  /** When the order entered its current state (workflow timers count from it). */
  state_at: Generated<number | null>;
}

export interface ServiceTypeProcessorTable {
  service_type_id: number;
  staff_id: number;
}

export interface WarnRulePostTable {
  warn_rule_id: number;
  post_id: number;
}

export interface WarnRuleStaffTable {
  warn_rule_id: number;
  staff_id: number;
}

export interface WorkOrderWarningTable {
  id: Generated<number>;
  work_order_id: number;
  rule_id: number;
  rule_name: string;
  /** response | finish */
  stage: string;
  /** warning | overdue */
  level: string;
  due_at: number;
  /** Names of the people notified, joined by 、 */
  notified: string;
  at: number;
}

export interface WorkOrderTables {
  service_type_processor: ServiceTypeProcessorTable;
  warn_rule_post: WarnRulePostTable;
  warn_rule_staff: WarnRuleStaffTable;
  work_order_warning: WorkOrderWarningTable;
}
