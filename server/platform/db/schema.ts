import type { Generated } from 'kysely';
import type { ResourceTables } from './resourceTables.ts';






export interface StaffPostTable {
  staff_id: number;
  post_id: number;
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

export interface RateLimitHitTable {
  key: string;
  hits: number;
  reset_at: number;
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

/** Columns of menu that only migrations know (the rest: schemas, ResourceTables). */
export interface MenuColumns {
  /** Access cookie value that shows the entry (spec 2.1 access); written by the catalogue sync, not the menu screen. */
  access: string | null;
}

/** Columns of staff that only migrations know (the rest: schemas, ResourceTables). */
export interface StaffColumns {
  /** scrypt hash of the password digest; never answered. */
  password_hash: string;
  icon: string | null;
  business_account_domain: string;
  /** 1 while the password is one an administrator chose: the session may only change it. */
  must_change_password: Generated<number>;
  /** 1: a service-line account, the only kind the flag login opens (set by an administrator only). */
  service_line_account: Generated<number>;
}

/** Answers that showed full personal data (server/platform/http/personalData.ts). */
export interface PersonalRevealLogTable {
  id: Generated<number>;
  at: number;
  staff_id: number;
  staff_name: string;
  route: string;
  target: string;
  ip: string | null;
  revealed: number;
}

/** Columns of request_log that only migrations know (the rest: schemas, ResourceTables). */
export interface RequestLogColumns {
  staff_id: number | null;
}

/** Columns of login_log that only migrations know (the rest: schemas, ResourceTables). */
export interface LoginLogColumns {
  staff_id: number | null;
}

/**
 * The platform's tables; each module adds its own to this interface beside their definition
 * (`declare module '.../platform/db/schema.ts'` in server/modules/<module>/tables.ts).
 */
export interface Database {
  resource_timeline: ResourceTimelineTable;
  sms_code: SmsCodeTable;
  menu: ResourceTables['menu'] & MenuColumns;
  menu_button: ResourceTables['menu_button'];
  role_menu: RoleMenuTable;
  role_button: RoleButtonTable;
  post_role: PostRoleTable;
  resource_migration: ResourceMigrationTable;
  privacy_agreement: ResourceTables['privacy_agreement'];
  file_object: FileObjectTable;
  oidc_payload: OidcPayloadTable;
  request_nonce: RequestNonceTable;
  rate_limit_hit: RateLimitHitTable;
  org: ResourceTables['org'];
  building: ResourceTables['building'];
  house: ResourceTables['house'];
  staff: ResourceTables['staff'] & StaffColumns;
  post: ResourceTables['post'];
  staff_post: StaffPostTable;
  role: ResourceTables['role'];
  staff_role: StaffRoleTable;
  customer: CustomerTable;
  session: SessionTable;
  login_log: ResourceTables['login_log'] & LoginLogColumns;
  request_log: ResourceTables['request_log'] & RequestLogColumns;
  staff_message: StaffMessageTable;
  personal_reveal_log: PersonalRevealLogTable;
}
