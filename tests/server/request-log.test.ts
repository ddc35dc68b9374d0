import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { downloadSheet } from '../support/exports.ts';
import { RequestLog } from '../../server/platform/http/requestLog.ts';

/**
 * /request/index: the request and signature audit of spec 5. Every /api request is logged after
 * its answer (in batches), with its caller, answer, duration and signature verdict; administrators only.
 */
const server = setUpServer();
const [admin, yunying, xmjl] = setUpApis(server, 'admin', 'yunying', 'xmjl');
const LIST = '/api/base/requestLog/list';
type Rec = Record<string, any>;

/** The log rows matching filters, once the batch holding them has been written. */
async function logged(filters: Record<string, unknown>, atLeast = 1): Promise<Rec[]> {
  let rows: Rec[] = [];
  await expect
    .poll(async () => {
      rows = (await admin.post(LIST, { pageSize: 50, filters })).body.data.records;
      return rows.length;
    }, { timeout: 5000 })
    .toBeGreaterThanOrEqual(atLeast);
  return rows;
}

describe('the request log', () => {
  it('records a signed call with its caller, answer and duration, never its query', async () => {
    expect((await xmjl.get('/api/module/task/options', { keyword: '13800001111' })).http).toBe(200);
    await xmjl.post('/api/module/task/list', { pageSize: 5 });
    const [row] = await logged({ path: '/api/module/task/list', staff_name: '刘海燕' });
    expect(row).toMatchObject({ method: 'POST', service: 'module', staff_name: '刘海燕', status: 200, sign_ok: 1, error: null });
    expect(row!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(row!.at).toBeGreaterThan(Date.now() - 60_000);
    const [options] = await logged({ path: '/api/module/task/options', staff_name: '刘海燕' });
    expect(options!.method).toBe('GET');
    expect(options!.path).toBe('/api/module/task/options');
  });

  it('records a refused signature with its message, found by the sign and status filters', async () => {
    const request = xmjl.prepare('POST', '/api/module/task/list', { pageSize: 5 });
    const forged = await fetch(`${server.url}${request.path}`, { method: 'POST', headers: { ...request.headers, sign: 'f'.repeat(64) }, body: request.body });
    expect(forged.status).toBe(403);
    const rows = await logged({ sign_ok: 0, status: 403, staff_name: '刘海燕' });
    expect(rows[0]).toMatchObject({ path: '/api/module/task/list', sign_ok: 0, status: 403, error: '请求签名错误，请刷新页面后重试' });
  });

  it('is for administrators only, and exports', async () => {
    for (const api of [yunying, xmjl]) {
      expect((await api.post(LIST, { pageSize: 5 })).body.status).toBe('403');
      expect((await downloadSheet(api, '/api/base/requestLog/export')).status).not.toBe(200);
    }
    const sheet = await downloadSheet(admin, '/api/base/requestLog/export', { service: 'module' });
    expect(sheet.status).toBe(200);
    expect(sheet.rows[0]).toEqual(expect.arrayContaining(['请求时间', '接口路径', '状态码', '签名校验']));
    expect(sheet.rows.length).toBeGreaterThan(1);
  });

  it('answers at most 5000 rows a page', async () => {
    expect((await admin.post(LIST, { pageSize: 5001 })).body.message).toContain('5000');
    expect((await admin.post(LIST, { pageSize: 5000 })).body.status).toBe('200');
  });
});

describe('the request log store', () => {
  it('writes in batches and purges rows past their days', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec('create table request_log (id integer primary key autoincrement, at integer not null, method text not null, path text not null, service text, staff_id integer, staff_name text, ip text, status integer not null, duration_ms integer not null, sign_ok integer, error text)');
    let now = Date.UTC(2026, 10, 1);
    const log = new RequestLog(sqlite, 30, () => now, 60_000);
    const entry = (at: number) => [at, 'GET', '/api/x', 'x', 1, '甲', '127.0.0.1', 200, 3, 1, null] as Parameters<RequestLog['add']>[0];
    log.add(entry(now - 40 * 86_400_000));
    log.add(entry(now));
    expect(sqlite.prepare('select count(*) n from request_log').get()).toEqual({ n: 0 });
    log.flush();
    // The first flush purges at once: the row 40 days old was written and is gone.
    expect(sqlite.prepare('select count(*) n from request_log').get()).toEqual({ n: 1 });
    now += 31 * 86_400_000 + 3_600_001;
    log.flush();
    expect(sqlite.prepare('select count(*) n from request_log').get()).toEqual({ n: 0 });
    log.close();
  });
});
