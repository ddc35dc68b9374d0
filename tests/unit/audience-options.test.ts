import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { audienceOptions } from '../../server/engine/audience.ts';

// The scope picker's 「指定组织」 options (a staff audience, e.g. required reading's 阅读对象) were a
// 500 on SQLite: the condition "every organisation" was bound as a boolean, which SQLite refuses.
describe('the scope picker’s organisation options', () => {
  it('offer every organisation (projects only for the project mode)', async () => {
    const sqlite = new Database(':memory:');
    sqlite.exec("create table org (id integer primary key, parent_id integer, name text, type text); insert into org values (1, null, '总公司', 'company'), (2, 1, '华东区域', 'region'), (3, 2, '翠湖天地', 'project');");
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    expect(await audienceOptions(db as never, 'org', null)).toEqual([{ label: '总公司', value: 1 }, { label: '华东区域', value: 2 }, { label: '翠湖天地', value: 3 }]);
    expect(await audienceOptions(db as never, 'project', null)).toEqual([{ label: '翠湖天地', value: 3 }]);
    await db.destroy();
  });
});
