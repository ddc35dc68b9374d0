import type { Generated } from 'kysely';
import type { WorkOrderLifecycleColumns, WorkOrderTables } from '../../modules/workorder/tables.ts';
import type { PatrolTables } from '../../modules/patrol/tables.ts';
import type { StaffProjectTable, StripePostTable, StripeTable } from '../../modules/org/tables.ts';

/** Kysely's view of the tables; kept in step with migrations.ts. Times are epoch milliseconds. */
export interface OrgTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  code: string;
  /** company | region | project */
  type: string;
  address: string | null;
  sort: number;
  enabled: number;
  created_at: number;
  created_by: Generated<number | null>;
  updated_at: Generated<number>;
}

export interface BuildingTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  floors: number;
  units: number;
  created_at: number;
  remark: string | null;
  created_by: Generated<number | null>;
  updated_at: Generated<number>;
}

export interface HouseTable {
  id: Generated<number>;
  building_id: number;
  unit_no: number;
  room_no: string;
  area: number;
  /** occupied | vacant | decorating */
  status: string;
  project_id: number;
  floor: number | null;
  /** The building's name, kept in step by the building's hooks (lists show it). */
  building_name: string | null;
  created_by: Generated<number | null>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

export interface StaffTable {
  id: Generated<number>;
  account: string;
  job_number: string;
  name: string;
  mobile: string;
  password_hash: string;
  org_id: number;
  icon: string | null;
  business_account_domain: string;
  enabled: number;
  created_at: number;
  created_by: Generated<number | null>;
  updated_at: Generated<number>;
  /** Department (schemas/resources of the department tree). */
  dept_id: Generated<number | null>;
  /** male | female (dictionary gender). */
  gender: Generated<string | null>;
  /** YYYY-MM-DD */
  entry_date: Generated<string | null>;
}

export interface PostTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  code: string;
  enabled: number;
  created_by: Generated<number | null>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
  /** Columns of schemas/resources/post.json, added by the resource engine. */
  group_id: Generated<number | null>;
  dept_id: Generated<number | null>;
  description: Generated<string | null>;
  sort: Generated<number | null>;
}

export interface StaffPostTable {
  staff_id: number;
  post_id: number;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  code: string;
  /** all | org | project | self */
  data_scope: string;
  remark: string | null;
  enabled: number;
  created_by: Generated<number | null>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

export interface StaffRoleTable {
  staff_id: number;
  role_id: number;
}

export interface CustomerTable {
  id: Generated<number>;
  project_id: number;
  house_id: number | null;
  name: string;
  mobile: string;
  gender: string;
  /** owner | tenant | family */
  kind: string;
  created_at: number;
}

/** The first columns; the lifecycle's are in workOrderSchema.ts. */
export interface WorkOrderTable extends WorkOrderLifecycleColumns {
  id: Generated<number>;
  code: string;
  project_id: number;
  house_id: number | null;
  customer_id: number | null;
  /** repair | complaint | consult | praise | home_service | emergency */
  kind: string;
  title: string;
  content: string;
  /** A state of the workflow in schemas/resources/work_order.json (draft, pending, pool, dispatched, processing, ...). */
  status: string;
  /** 400 | staff | owner_app */
  source: string;
  priority: string;
  processor_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface SessionTable {
  token_hash: string;
  staff_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginLogTable {
  id: Generated<number>;
  at: number;
  account: string;
  staff_id: number | null;
  staff_name: string | null;
  method: string;
  ip: string | null;
  user_agent: string | null;
  success: number;
  reason: string | null;
}

/** A push notice addressed to one staff member (spec 3 "Push message"), stored before it is published. */
export interface StaffMessageTable {
  id: Generated<number>;
  staff_id: number;
  /** '1' to-do, anything else a reminder. */
  category: string;
  type: string;
  title: string | null;
  content: string;
  /** The business record the notice is about (a work order id opens /newTaskDetail). */
  function_id: string | null;
  is_read: Generated<number>;
  read_at: number | null;
  created_at: number;
  /** When the broker took it; null while waiting (outbox), 0 when too old to push (list only). */
  published_at: number | null;
}

export interface OidcPayloadTable {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface RequestNonceTable {
  expires_at: number;
  nonce: string;
}

export interface FileObjectTable {
  id: string;
  stored_path: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  uploaded_by: number | null;
  created_at: number;
}

export interface PrivacyAgreementTable {
  id: Generated<number>;
  /** service | privacy */
  kind: string;
  version: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  /** draft | published */
  status: string;
  published_at: number | null;
  created_at: number;
  created_by: Generated<number | null>;
  updated_at: Generated<number>;
}

export interface MenuTable {
  id: Generated<number>;
  router: string;
  name: string;
  group_prefix: string;
  group_name: string;
  sort: number;
  show: number;
  access: string | null;
  /** 1 when its page left schemas/: kept so grants survive, never shown. */
  retired: number;
  /** An administrator's title for the entry (menu-manage); the sync at start never writes it. */
  display_name: Generated<string | null>;
  /** An administrator's position for the entry within its group; null keeps the declared order. */
  display_sort: Generated<number | null>;
  /** 0 hides the entry from the left menu (its screen and grants stay). */
  enabled: Generated<number>;
  created_by: Generated<number | null>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

export interface MenuButtonTable {
  id: Generated<number>;
  menu_id: number;
  code: string;
  name: string;
  retired: number;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface RoleButtonTable {
  role_id: number;
  button_id: number;
}

export interface PostRoleTable {
  post_id: number;
  role_id: number;
}

export interface ResourceMigrationTable {
  id: Generated<number>;
  resource: string;
  statement: string;
  applied_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
  created_at: number;
}

export interface ResourceTimelineTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  action: string;
  from_state: string | null;
  to_state: string;
  note: string | null;
  staff_id: number | null;
  staff_name: string | null;
  at: number;
}

export interface Database {
  staff_project: StaffProjectTable;
  stripe: StripeTable;
  stripe_post: StripePostTable;
  tbp_classify: PatrolTables['tbp_classify'];
  tbp_standard: PatrolTables['tbp_standard'];
  tbp_standard_problem: PatrolTables['tbp_standard_problem'];
  tbp_point: PatrolTables['tbp_point'];
  tbp_plan: PatrolTables['tbp_plan'];
  tbp_plan_point: PatrolTables['tbp_plan_point'];
  tbp_task: PatrolTables['tbp_task'];
  tbp_task_point: PatrolTables['tbp_task_point'];
  tbp_task_log: PatrolTables['tbp_task_log'];
  tbp_record: PatrolTables['tbp_record'];
  tbp_record_order: PatrolTables['tbp_record_order'];
  tbp_secret: PatrolTables['tbp_secret'];
  resource_timeline: ResourceTimelineTable;
  sms_code: SmsCodeTable;
  menu: MenuTable;
  menu_button: MenuButtonTable;
  role_menu: RoleMenuTable;
  role_button: RoleButtonTable;
  post_role: PostRoleTable;
  resource_migration: ResourceMigrationTable;
  privacy_agreement: PrivacyAgreementTable;
  file_object: FileObjectTable;
  oidc_payload: OidcPayloadTable;
  request_nonce: RequestNonceTable;
  org: OrgTable;
  building: BuildingTable;
  house: HouseTable;
  staff: StaffTable;
  post: PostTable;
  staff_post: StaffPostTable;
  role: RoleTable;
  staff_role: StaffRoleTable;
  customer: CustomerTable;
  work_order: WorkOrderTable;
  service_type_processor: WorkOrderTables['service_type_processor'];
  warn_rule_post: WorkOrderTables['warn_rule_post'];
  warn_rule_staff: WorkOrderTables['warn_rule_staff'];
  work_order_warning: WorkOrderTables['work_order_warning'];
  session: SessionTable;
  login_log: LoginLogTable;
  staff_message: StaffMessageTable;
}
