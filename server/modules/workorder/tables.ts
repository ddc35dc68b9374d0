import type { Generated } from 'kysely';
import type { ResourceTables } from '../../platform/db/resourceTables.ts';

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



declare module '../../platform/db/schema.ts' {
  interface Database {
    work_order: ResourceTables['work_order'];
    service_type_processor: ServiceTypeProcessorTable;
    warn_rule_post: WarnRulePostTable;
    warn_rule_staff: WarnRuleStaffTable;
    work_order_warning: WorkOrderWarningTable;
  }
}
