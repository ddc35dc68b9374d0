import { describe, expect, it } from 'vitest';
import { cellText, percentOf } from '../../src/engine/cellText.ts';
import { computedSql } from '../../server/engine/resources/computed.ts';
import { Kysely, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { addSqlFunctions } from '../../server/platform/db/index.ts';

describe('percent and progress cells', () => {
  it('show a percentage, or a part of the whole their column names with "of"', () => {
    expect(cellText({ cell: 'percent' }, 92.456)).toBe('92.5%');
    expect(cellText({ cell: 'percent' }, { part: 3, whole: 4 })).toBe('75%');
    expect(cellText({ cell: 'percent' }, { part: 3, whole: 0 })).toBe('-');
    expect(cellText({ cell: 'progress' }, { part: 7, whole: 20 })).toBe('7/20');
    expect(cellText({ cell: 'progress' }, 40)).toBe('40%');
    expect(percentOf({ part: 7, whole: 20 })).toBe(35);
    expect(percentOf(120)).toBe(120);
  });
});

describe('computed columns', () => {
  it('aggregate a child resource per row in SQL: count with conditions, weighted sums, nothing to sum is empty', async () => {
    const sqlite = new Database(':memory:');
    addSqlFunctions(sqlite);
    sqlite.exec('create table sheet (id integer primary key); create table score (id integer primary key, sheet_id integer, score real, share real, kind text);');
    sqlite.exec("insert into sheet values (1), (2); insert into score (sheet_id, score, share, kind) values (1, 8, 3.5, 'a'), (1, 9, 2.5, 'b'), (1, null, 2, 'a');");
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const rows = await db
      .selectFrom('sheet')
      .select('id')
      .select(computedSql('sheet', { title: '总分', op: 'sum', resource: 'score', by: 'sheet_id', field: 'score', times: 'share' }).as('total'))
      .select(computedSql('sheet', { title: 'A 项', op: 'count', resource: 'score', by: 'sheet_id', where: [{ field: 'kind', in: ['a'] }] }).as('a_count'))
      .select(computedSql('sheet', { title: '平均', op: 'avg', resource: 'score', by: 'sheet_id', field: 'score', scale: 10, round: 1 }).as('avg10'))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, total: 50.5, a_count: 2, avg10: 85 },
      { id: 2, total: null, a_count: 0, avg10: null },
    ]);
    await db.destroy();
  });
});
