import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSchemas } from '../../scripts/lint-schemas.ts';
import { signedIn, type Api } from '../support/api.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { addFixtureScreens } from '../support/fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let copy: string;
let server: TestServer;
let admin: Api;

/** A workflow declared in JSON (tests/fixtures/workflow) drives the server's checks and the timeline. */
beforeAll(async () => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-workflow-'));
  fs.cpSync(path.join(ROOT, 'schemas'), copy, { recursive: true });
  addFixtureScreens(copy);
  expect(lintSchemas(copy, false)).toEqual([]);
  server = await startServer({}, undefined, { schemasDir: copy });
  admin = await signedIn(server.url, 'admin');
});
afterAll(async () => {
  await server?.close();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

const base = '/api/workorder/repairRequest';

describe('workflow declared as data', () => {
  it('starts a record in the initial state whatever is sent, and moves only along declared transitions', async () => {
    const added = await admin.post(`${base}/add`, { title: '厨房漏水', project_id: 4 });
    const id = added.body.data.id;
    expect((await admin.get(`${base}/detail`, { id })).body.data.status).toBe('pending');
    expect((await admin.post(`${base}/add`, { title: 'x', project_id: 4, status: 'finished' })).body.message).toBe('不允许的字段 status');
    expect((await admin.post(`${base}/update`, { id, status: 'finished' })).body.message).toBe('不允许的字段 status');

    const early = await admin.post(`${base}/transition`, { id, action: 'finish', note: '已修好' });
    expect([early.http, early.body.message]).toEqual([409, '当前状态为「待派单」，不能完成']);
    expect((await admin.post(`${base}/transition`, { id, action: 'dispatch' })).body.message).toBe('派单成功');
    expect((await admin.post(`${base}/transition`, { id, action: 'finish' })).body.message).toBe('请填写完成说明');
    expect((await admin.post(`${base}/transition`, { id, action: 'finish', note: '更换阀门，已试水' })).body.data.state).toBe('finished');
    expect((await admin.post(`${base}/transition`, { id, action: 'teleport' })).http).toBe(400);

    const timeline = await admin.get(`${base}/timeline`, { id });
    expect(timeline.body.data.map((t: { actionText: string; stateText: string; staff_name: string }) => [t.actionText, t.stateText, t.staff_name])).toEqual([
      ['创建', '待派单', '系统管理员'],
      ['派单', '已派单', '系统管理员'],
      ['完成', '已完成', '系统管理员'],
    ]);
    expect(timeline.body.data[2].note).toBe('更换阀门，已试水');
  });

  it('checks the permission of each transition, not only of the endpoint', async () => {
    const added = await admin.post(`${base}/add`, { title: '门禁故障', project_id: 4 });
    const role = await server.app.db.selectFrom('role').select('id').where('code', '=', 'dispatcher').executeTakeFirstOrThrow();
    await admin.post('/api/base/role/addPermission', { id: role.id, grants: ['b:repair:view', 'b:repair:dispatch'] });
    const diaodu = await signedIn(server.url, 'diaodu');
    expect((await diaodu.post(`${base}/transition`, { id: added.body.data.id, action: 'dispatch' })).http).toBe(200);
    const close = await diaodu.post(`${base}/transition`, { id: added.body.data.id, action: 'close' });
    expect([close.http, close.body.message]).toEqual([403, '没有权限执行该操作（需要「关闭维修申请」权限）']);
  });
});
