import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { authVersionMigrations } from './authVersionMigrations.ts';
import { workOrderMigrations } from '../../modules/workorder/migrations.ts';
import { patrolMigrations } from '../../modules/patrol/migrations.ts';
import { staffAdminMigrations } from '../../modules/org/migrations.ts';
import { serviceMigrations } from '../../modules/returnVisit/migrations.ts';
import { settingsMigrations } from '../../modules/settings/migrations.ts';

/**
 * Migrations live in code, in order, never edited once released: a new change is a new entry.
 * Types are portable between SQLite and PostgreSQL (integer, text, real) so the same list
 * runs on both dialects.
 */
const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('org')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('parent_id', 'integer', (c) => c.references('org.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('org_parent').on('org').column('parent_id').execute();

    await db.schema
      .createTable('building')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('floors', 'integer', (c) => c.notNull())
      .addColumn('units', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('building_project').on('building').column('project_id').execute();

    await db.schema
      .createTable('house')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('building_id', 'integer', (c) => c.notNull().references('building.id'))
      .addColumn('unit_no', 'integer', (c) => c.notNull())
      .addColumn('room_no', 'text', (c) => c.notNull())
      .addColumn('area', 'real', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('house_building').on('house').columns(['building_id', 'unit_no', 'room_no']).unique().execute();

    await db.schema
      .createTable('staff')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('account', 'text', (c) => c.notNull().unique())
      .addColumn('job_number', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('icon', 'text')
      .addColumn('business_account_domain', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('staff_org').on('staff').column('org_id').execute();
    await db.schema.createIndex('staff_mobile').on('staff').column('mobile').execute();

    await db.schema
      .createTable('post')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('staff_post')
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('staff_post_pk', ['staff_id', 'post_id'])
      .execute();

    await db.schema
      .createTable('role')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('data_scope', 'text', (c) => c.notNull())
      .addColumn('remark', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('staff_role')
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('staff_role_pk', ['staff_id', 'role_id'])
      .execute();

    await db.schema
      .createTable('customer')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('house_id', 'integer', (c) => c.references('house.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('gender', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('customer_project').on('customer').column('project_id').execute();
    await db.schema.createIndex('customer_mobile').on('customer').column('mobile').execute();

    await db.schema
      .createTable('work_order')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('org.id'))
      .addColumn('house_id', 'integer', (c) => c.references('house.id'))
      .addColumn('customer_id', 'integer', (c) => c.references('customer.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('processor_id', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addColumn('finished_at', 'integer')
      .execute();
    await db.schema.createIndex('work_order_project_created').on('work_order').columns(['project_id', 'created_at']).execute();
    await db.schema.createIndex('work_order_status').on('work_order').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('work_order_processor').on('work_order').columns(['processor_id', 'status']).execute();

    await db.schema
      .createTable('session')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('last_seen_at', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('revoked_at', 'integer')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('session_staff').on('session').column('staff_id').execute();

    await db.schema
      .createTable('login_log')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('at', 'integer', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('staff_name', 'text')
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('success', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .execute();
    await db.schema.createIndex('login_log_at').on('login_log').column('at').execute();
  },
};

/** Storage of the embedded OpenID Connect provider (sessions, codes, grants, interactions). */
const ssoStorage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oidc_payload')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'integer')
      .addColumn('consumed_at', 'integer')
      .addPrimaryKeyConstraint('oidc_payload_pk', ['kind', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payload_grant').on('oidc_payload').column('grant_id').execute();
    await db.schema.createIndex('oidc_payload_uid').on('oidc_payload').column('uid').execute();
    await db.schema.createIndex('oidc_payload_expires').on('oidc_payload').column('expires_at').execute();
    // Nonces of signed requests, kept until their timestamp window has passed (replay protection).
    await db.schema
      .createTable('request_nonce')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('request_nonce_expires').on('request_nonce').column('expires_at').execute();
  },
};

/** Uploaded files: stored under server-generated names, described here. */
const files: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('file_object')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('stored_path', 'text', (c) => c.notNull().unique())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
  },
};

/** Versioned service and privacy agreements, shown at /userPrivateProxy. */
const agreements: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('privacy_agreement')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('published_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('privacy_agreement_version', ['kind', 'version'])
      .execute();
  },
};

/**
 * The permission model (spec 6): menus and their buttons (synced from schemas/ at start),
 * what each role grants, the roles of each post, and the applied resource-table changes.
 */
const permissions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('menu')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('router', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('group_prefix', 'text', (c) => c.notNull())
      .addColumn('group_name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('show', 'integer', (c) => c.notNull())
      .addColumn('access', 'text')
      .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('menu_button')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('role_menu')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
      .execute();
    await db.schema
      .createTable('role_button')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('button_id', 'integer', (c) => c.notNull().references('menu_button.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_button_pk', ['role_id', 'button_id'])
      .execute();
    await db.schema
      .createTable('post_role')
      .addColumn('post_id', 'integer', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('post_role_pk', ['post_id', 'role_id'])
      .execute();
    await db.schema
      .createTable('resource_migration')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('statement', 'text', (c) => c.notNull())
      .addColumn('applied_at', 'integer', (c) => c.notNull())
      .execute();
  },
};

/** Roles become a resource of the engine (schemas/resources/role.json): it needs the audit columns. */
const roleAudit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('role').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('role').addColumn('created_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('role').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

/** One-time SMS codes (owner verification): only a hash is kept, with expiry and attempts. */
const smsCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sms_code')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_code_mobile').on('sms_code').columns(['mobile', 'purpose', 'created_at']).execute();
  },
};

/** Every workflow transition of every resource: who moved which record from where to where, when, why. */
const timeline: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('resource_timeline')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_state', 'text')
      .addColumn('to_state', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
      .addColumn('staff_name', 'text')
      .addColumn('at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('resource_timeline_record').on('resource_timeline').columns(['resource', 'record_id', 'at']).execute();
  },
};

/** Agreements become an engine resource (versions managed at /base-information/privacy-agreement). */
const agreementAudit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('privacy_agreement').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('privacy_agreement').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

/** Push notices per recipient; unpublished rows are the outbox the notice service drains. */
const staffMessages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_message')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text')
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('function_id', 'text')
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('read_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('published_at', 'integer')
      .execute();
    await db.schema.createIndex('staff_message_inbox').on('staff_message').columns(['staff_id', 'is_read', 'created_at']).execute();
    await db.schema.createIndex('staff_message_outbox').on('staff_message').columns(['published_at', 'id']).execute();
  },
};

/**
 * Organisations and posts become engine resources (org-structure, post-manager): they need the
 * audit columns. Existing organisations take their creation time as last change.
 */
const orgPostAudit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('org').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('org').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update org set updated_at = created_at`.execute(db);
    await db.schema.alterTable('post').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('post').addColumn('created_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('post').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

/**
 * Nonces keyed by their expiry first (the signed timestamp's window end, the same in a replay):
 * one b-tree in time order, so expired nonces are one range at its start. Keyed by the nonce,
 * every purge slice deleted rows spread over the whole nonce index, rewriting most of its pages
 * (3 s at a start after a busy bench). WITHOUT ROWID (SQLite's): the key is the row, no second tree.
 */
const nonceByExpiry: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table request_nonce rename to request_nonce_old`.execute(db);
    await db.schema
      .createTable('request_nonce')
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('request_nonce_pk', ['expires_at', 'nonce'])
      .modifyEnd(sql`without rowid`)
      .execute();
    await sql`insert into request_nonce (expires_at, nonce) select expires_at, nonce from request_nonce_old where expires_at >= ${Date.now()}`.execute(db);
    await db.schema.dropTable('request_nonce_old').execute();
  },
};

export const migrations: Record<string, Migration> = {
  '2026_11_001_foundation': foundation,
  '2026_11_002_sso_storage': ssoStorage,
  '2026_11_003_files': files,
  '2026_11_004_agreements': agreements,
  '2026_11_005_permissions': permissions,
  '2026_11_006_role_audit': roleAudit,
  '2026_11_007_sms_codes': smsCodes,
  '2026_11_008_timeline': timeline,
  '2026_11_009_agreement_audit': agreementAudit,
  '2026_11_010_org_post_audit': orgPostAudit,
  '2026_11_040_staff_messages': staffMessages,
  ...workOrderMigrations,
  ...patrolMigrations,
  ...staffAdminMigrations,
  ...serviceMigrations,
  ...settingsMigrations,
  ...authVersionMigrations,
  '2026_11_092_nonce_by_expiry': nonceByExpiry,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
