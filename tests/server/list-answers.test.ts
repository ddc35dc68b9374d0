import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { UNVERSIONED_TABLES, writtenTable } from '../../server/platform/db/statements.ts';
import type { Database } from '../../server/platform/db/schema.ts';
import { ListAnswers } from '../../server/platform/http/listAnswers.ts';
import { schemaFiles } from '../../server/engine/schemaFiles.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { testPostgres } from '../support/postgresDatabases.ts';

/**
 * The cache of list answers (server/platform/http/listAnswers.ts) over real HTTP: whatever changed the
 * data, the next list shows it, and no caller is ever answered from another's entry. kefu and
 * p2s2 are both customer service, at 翠湖天地 and at the second project.
 */
const server = setUpServer();
const [kefu, other, leaving] = setUpApis(server, 'kefu', 'p2s2', 'xuncha');
const LIST = '/api/mkf/questionTask/list';
const PAGE = { pageNum: 1, pageSize: 10, filters: { view: 'all' } };

type Order = { id: number; title: string; project_id: number };
async function list(api = kefu): Promise<{ records: Order[]; total: number }> {
  const answer = await api.post(LIST, PAGE);
  expect(answer.http).toBe(200);
  return answer.body.data;
}

/**
 * On PostgreSQL several instances write the same data and no process keeps answers (the data
 * version moves at every read there): the same lists must come back, with nothing kept.
 */
const onPostgres = Boolean(testPostgres());

/** A list asked twice: the second answer comes from the cache (on SQLite), and it must be the same. */
async function cachedList(api = kefu) {
  const first = await list(api);
  if (onPostgres) expect(server.app.listAnswers.size).toBe(0);
  else expect(server.app.listAnswers.size).toBeGreaterThan(0);
  expect(await list(api)).toEqual(first);
  return first;
}

const titleOf = async (id: number) => (await list()).records.find((r) => r.id === id)?.title;

describe('list answers kept while the data stands still', () => {
  it('shows a write in the very next list', async () => {
    const before = await cachedList();
    const [{ project_id }] = before.records;
    const { house, customer } = (await server.app.db.selectFrom('customer').select(['house_id as house', 'id as customer']).where('project_id', '=', project_id!).executeTakeFirstOrThrow());
    const added = await kefu.post('/api/mkf/questionTask/add', { project_id, kind: 'repair', title: '缓存之后新增的工单', content: '楼道灯不亮', house_id: house, customer_id: customer });
    expect(added.body.message).toBe('新增成功');
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.records[0]).toMatchObject({ id: added.body.data.id, title: '缓存之后新增的工单' });
  });

  it.skipIf(onPostgres)('keeps its answers over a session write (a sign-out)', async () => {
    const before = await cachedList();
    const version = server.app.listAnswers.current();
    const size = server.app.listAnswers.size;
    expect((await leaving.post('/api/auth/login/logout')).http).toBe(200);
    expect((await leaving.post(LIST, PAGE)).http).toBe(401);
    expect(server.app.listAnswers.current()).toBe(version);
    expect(server.app.listAnswers.size).toBe(size);
    expect(await list()).toEqual(before);
  });

  it('never answers one caller from the entry of another with other projects', async () => {
    const own = await cachedList(kefu);
    const others = await cachedList(other);
    const projects = (l: { records: Order[] }) => new Set(l.records.map((r) => r.project_id));
    expect(own.records.length).toBeGreaterThan(0);
    expect(others.records.length).toBeGreaterThan(0);
    expect([...projects(own)].some((p) => projects(others).has(p))).toBe(false);
    expect(await list(kefu)).toEqual(own);
  });

  it('leaves nothing of a rolled-back write', async () => {
    const { records } = await cachedList();
    const id = records[0]!.id;
    const title = records[0]!.title;
    let during: Promise<unknown> = Promise.resolve();
    await expect(
      server.app.db.transaction().execute(async (trx) => {
        await trx.updateTable('work_order').set({ title: '回滚的标题' }).where('id', '=', id).execute();
        // A list asked while the transaction is open answers after it: it must not keep what it undid.
        during = list();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await during;
    expect(await titleOf(id)).toBe(title);
    expect(await titleOf(id)).toBe(title);
  });

  it('shows a commit of another process (a second connection to the same file or database)', async () => {
    const { records } = await cachedList();
    const id = records[0]!.id;
    if (onPostgres) {
      const second = new pg.Client({ connectionString: server.config.databaseUrl });
      await second.connect();
      try {
        await second.query('update work_order set title = $1 where id = $2', ['另一进程改的标题', id]);
      } finally {
        await second.end();
      }
    } else {
      const second = new SQLite(path.join(server.config.dataDir, 'pms.sqlite'));
      try {
        second.prepare('update work_order set title = ? where id = ?').run('另一进程改的标题', id);
      } finally {
        second.close();
      }
    }
    expect(await titleOf(id)).toBe('另一进程改的标题');
  });

  it('still checks the signature, the nonce and the session of a cached list', async () => {
    await cachedList();
    const request = kefu.prepare('POST', LIST, PAGE);
    const send = async () => (await fetch(`${server.url}${request.path}`, { method: 'POST', headers: request.headers, body: request.body })).status;
    expect(await send()).toBe(200);
    expect(await send()).toBe(403); // the same nonce again
    const unsigned = kefu.prepare('POST', LIST, PAGE);
    const tampered = await fetch(`${server.url}${unsigned.path}`, { method: 'POST', headers: { ...unsigned.headers, sign: '0'.repeat(32) }, body: unsigned.body });
    expect(tampered.status).toBe(403);
    const stranger = kefu.prepare('POST', LIST, PAGE);
    const noSession = await fetch(`${server.url}${stranger.path}`, { method: 'POST', headers: { ...stranger.headers, token: 'x'.repeat(43), authtoken: 'x'.repeat(43) }, body: stranger.body });
    expect(noSession.status).toBe(401);
  });
});

describe('tables whose writes leave the data version', () => {
  it('names the table a write statement targets, as Kysely compiles it', () => {
    // The SQLite statement cache reads these (PostgreSQL keeps no data version from writes): compiled as for SQLite on either run.
    const db = new Kysely<Database>({ dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new SqliteIntrospector(k), createQueryCompiler: () => new SqliteQueryCompiler() } });
    expect(writtenTable(db.insertInto('session').values({ token_hash: 'x' } as never).compile().sql)).toBe('session');
    expect(writtenTable(db.insertInto('sms_code').orIgnore().values({ mobile: '1' } as never).compile().sql)).toBe('sms_code');
    expect(writtenTable(db.replaceInto('oidc_payload').values({ id: 'x' } as never).compile().sql)).toBe('oidc_payload');
    expect(writtenTable(db.updateTable('session').set({ last_seen_at: 1 }).where('token_hash', '=', 'x').compile().sql)).toBe('session');
    expect(writtenTable(db.deleteFrom('session').where('token_hash', '=', 'x').compile().sql)).toBe('session');
    // Another table whose name starts the same, a read of the table, a write the pattern cannot name for sure.
    expect(writtenTable(db.updateTable('session_x' as 'session').set({ last_seen_at: 1 }).compile().sql)).toBe('session_x');
    expect(writtenTable(db.selectFrom('session').selectAll().compile().sql)).toBeUndefined();
    expect(writtenTable(db.with('s', (q) => q.selectFrom('work_order').select('id')).updateTable('session').set({ last_seen_at: 1 }).compile().sql)).toBeUndefined();
    expect(writtenTable(db.withSchema('main').updateTable('session').set({ last_seen_at: 1 }).compile().sql)).toBeUndefined();
  });

  it('are read by no resource and no report', () => {
    const schemas = path.join(import.meta.dirname, '../../schemas');
    const json = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
    const read = new Set<string>();
    for (const file of schemaFiles(schemas, 'resources')) {
      read.add(path.basename(file, '.json'));
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/"(?:table|ref)":\s*"(\w+)"/g)) read.add(match[1]!);
    }
    for (const file of schemaFiles(schemas, 'reports')) read.add(json(file).source);
    expect(read.size).toBeGreaterThan(20);
    expect([...UNVERSIONED_TABLES].filter((table) => read.has(table))).toEqual([]);
  });
});

describe('ListAnswers', () => {
  it('holds at most its size, dropping the least recently used answers first', () => {
    // Four answers of 302 bytes (the key at two bytes a character) fit in 1,250.
    const answers = new ListAnswers(() => 1, 1250);
    const body = 'x'.repeat(300);
    const text = (key: string) => answers.get(key)?.toString();
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) answers.set(key, 1, body);
    expect(answers.size).toBe(4 * 302);
    expect(text('b')).toBeUndefined();
    expect(text('c')).toBe(body);
    answers.set('g', 1, body);
    expect(text('c')).toBe(body);
    expect(text('d')).toBeUndefined();
  });

  it('keeps nothing read at an older data version, and drops all when it moves', () => {
    let version = 1;
    const answers = new ListAnswers(() => version);
    answers.set('a', 1, 'one');
    expect(answers.get('a')?.toString()).toBe('one');
    version = 2;
    expect(answers.current()).toBe(2);
    expect(answers.get('a')).toBeUndefined();
    answers.set('b', 1, 'read before the change');
    expect(answers.get('b')).toBeUndefined();
    expect(answers.size).toBe(0);
  });
});
