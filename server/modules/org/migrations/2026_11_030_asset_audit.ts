import { sql, type Kysely, type Migration } from 'kysely';
import { asInteger, startsWithDigit } from '../../../platform/db/dialect.ts';

/**
 * Buildings and houses become engine resources (/base-information/project-assets): they get
 * the audit columns, and a house gets its project (the data scope of the caller applies to it),
 * its floor and its building's name for lists; existing rows are filled from what they hold.
 */
export default {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('building').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('building').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update building set updated_at = created_at`.execute(db);

    await db.schema.alterTable('house').addColumn('project_id', 'integer', (c) => c.references('org.id')).execute();
    await db.schema.alterTable('house').addColumn('floor', 'integer').execute();
    await db.schema.alterTable('house').addColumn('building_name', 'text').execute();
    await db.schema.alterTable('house').addColumn('created_by', 'integer', (c) => c.references('staff.id')).execute();
    await db.schema.alterTable('house').addColumn('created_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('house').addColumn('updated_at', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update house set project_id = (select b.project_id from building b where b.id = house.building_id),
      building_name = (select b.name from building b where b.id = house.building_id),
      created_at = (select b.created_at from building b where b.id = house.building_id),
      updated_at = (select b.created_at from building b where b.id = house.building_id)`.execute(db);
    // Room numbers are written floor then door ("1201": floor 12, door 01).
    await sql`update house set floor = ${asInteger(sql`substr(room_no, 1, length(room_no) - 2)`)} where length(room_no) > 2 and ${startsWithDigit(sql`room_no`)}`.execute(db);
    await db.schema.createIndex('house_project').on('house').column('project_id').execute();
  },
} satisfies Migration;
