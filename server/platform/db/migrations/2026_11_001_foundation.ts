import { type Kysely, type Migration } from 'kysely';

/**
 * Migrations live in code, in order, never edited once released: a new change is a new entry.
 * Types are portable between SQLite and PostgreSQL (integer, text, real) so the same list
 * runs on both dialects.
 */
export default {
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
} satisfies Migration;
