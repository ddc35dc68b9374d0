import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../server/platform/db/index.ts';
import { indexSql, syncResourceTables } from '../../server/engine/tables.ts';
import type { ResourceDef } from '../../src/shared/schemaTypes.ts';

// Issue 41: an engine index was named "<resource>_<field>", the name of a table booking_room for
// booking's room; the second to be made failed to start the server.

const opened: SqliteDatabase[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
});

async function database() {
  const d = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'pms-index-')));
  opened.push(d);
  await d.db.schema.createTable('resource_migration').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('resource', 'text', (c) => c.notNull()).addColumn('statement', 'text', (c) => c.notNull()).addColumn('applied_at', 'integer', (c) => c.notNull()).execute();
  return d;
}

const resource = (name: string, fields: ResourceDef['fields']): ResourceDef => ({ name, title: name, service: 'basis', path: `/${name}`, fields, permissions: { view: `${name}:view` } });
const booking = resource('booking', { room: { type: 'string', title: '会议室', filter: 'eq' }, code: { type: 'string', title: '编号', unique: true } });
const bookingRoom = resource('booking_room', { name: { type: 'string', title: '名称', filter: 'eq' } });
const indexes = (d: SqliteDatabase, table: string) => (d.sqlite.prepare("select name from sqlite_master where type = 'index' and tbl_name = ? and name not like 'sqlite_%' order by name").pluck().all(table) as string[]);

describe('the indexes the engine makes for resources', () => {
  it('never take the name of a table, whichever is made first', async () => {
    for (const order of [[booking, bookingRoom], [bookingRoom, booking]]) {
      const d = await database();
      // Each resource alone, in this order: the first's index or table is there when the second comes.
      for (const r of order) await syncResourceTables(d.db, new Map([[r.name, r]]));
      expect(indexes(d, 'booking')).toEqual(['booking(code) unique', 'booking(room)']);
      expect(indexes(d, 'booking_room')).toEqual(['booking_room(name)']);
    }
  });

  it('keep an index a database made under its former name, and make it no second time', async () => {
    const d = await database();
    await d.sqlite.exec('create table "booking" ("id" integer primary key autoincrement, "room" text, "code" text, "created_by" integer, "created_at" integer not null, "updated_at" integer not null)');
    const former = ['create unique index if not exists "booking_code_unique" on "booking" ("code")', 'create index if not exists "booking_room" on "booking" ("room")'];
    for (const statement of former) {
      d.sqlite.exec(statement);
      d.sqlite.prepare('insert into resource_migration (resource, statement, applied_at) values (?, ?, 0)').run('booking', statement);
    }
    const applied = await syncResourceTables(d.db, new Map([['booking', booking]]));
    expect(applied).toEqual([]);
    expect(indexes(d, 'booking')).toEqual(['booking_code_unique', 'booking_room']);
    // A field added later gets its index under the new name.
    const grown = resource('booking', { ...booking.fields, floor: { type: 'string', title: '楼层', sortable: true } });
    expect(await syncResourceTables(d.db, new Map([['booking', grown]]))).toEqual(['alter table "booking" add column "floor" text', indexSql('booking', ['floor'])]);
  });
});
