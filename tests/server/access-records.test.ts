import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { deviceSign } from '../../server/modules/attendance/deviceRoutes.ts';

/**
 * What the door devices report (/opearator-manager/FaceConfiguration, 门禁记录): openings and face
 * registrations sent signed like the heartbeats, refused when forged or from an unknown device,
 * kept once when sent again, listed per project by device, kind and time in the caller's data
 * scope; a device silent past its heartbeat window is marked 离线 by its date timer, on the
 * timers' clock (injected here), and back 在线 with its next heartbeat.
 */
const server = setUpServer();
const [yunying, admin, xmjl] = setUpApis(server, 'yunying', 'admin', 'xmjl');
const W = '/api/wxmanage';
const SEED = 'pms-demo-sign-seed-2026';
const { cuihu, jinxiu } = DEMO_PROJECTS;
const MIN = 60_000;
type Rec = Record<string, any>;

const post = async (path: string, body: Rec) => {
  const r = await fetch(`${server.url}${W}/accessDevice/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { http: r.status, body: (await r.json()) as Rec };
};
const signed = (code: string, r: Rec, seed = SEED) => {
  const timestamp = Date.now();
  return { code, ...r, timestamp, sign: deviceSign(seed, code, [r.recordNo, r.kind, r.method ?? '', r.personType, r.personName ?? '', r.result, r.occurredAt, timestamp]) };
};
const records = async (api = yunying, filters: Rec = {}) => {
  const res = await api.post(`${W}/accessRecord/list`, { pageSize: 100, filters });
  if (!res.body.data) throw new Error(JSON.stringify(res.body));
  return res.body.data as { total: number; records: Rec[] };
};
const device = async (code: string) => (await admin.post(`${W}/accessDevice/list`, { pageSize: 1, filters: { code } })).body.data.records[0] as Rec;

describe('door records', () => {
  it('hold a month of openings and face registrations of every demo project, each region its own', async () => {
    const DAY = 86_400_000;
    expect((await records(admin)).total).toBeGreaterThan(1000);
    for (const project of Object.values(DEMO_PROJECTS)) expect((await records(admin, { project_id: project.id, kind: 'face_register' })).total).toBeGreaterThan(0);
    expect((await records(admin, { occurred_at: [Date.now() - 31 * DAY, Date.now() - 28 * DAY] })).total).toBeGreaterThan(0);
    expect(new Set((await records()).records.map((r) => r.project_id))).toEqual(new Set([cuihu.id, jinxiu.id]));
    expect((await records(yunying, { project_id: DEMO_PROJECTS.binjiang.id })).total).toBe(0);
    expect(new Set((await records(xmjl)).records.map((r) => r.project_id))).toEqual(new Set([cuihu.id]));
    // By device, kind and time.
    const gate = await device('CH-FACE-01');
    const since = Date.now() - 7 * 86_400_000;
    const week = await records(yunying, { device_id: gate.id, kind: 'face_register', occurred_at: [since, Date.now()] });
    expect(week.records.length).toBeGreaterThan(0);
    expect(week.records.every((r) => r.device_id === gate.id && r.kind === 'face_register' && r.occurred_at >= since && r.device_id_label === gate.name)).toBe(true);
  });

  it('take a signed record once; refuse a forged one, an unknown device and a kind the device cannot make', async () => {
    const body = { recordNo: 'CH-FACE-02-T0001', kind: 'open', method: 'face', personType: 'owner', personName: '沈嘉怡', result: 'success', occurredAt: Date.now() - 2 * MIN };
    const before = (await records(yunying, { device_id: (await device('CH-FACE-02')).id })).total;
    const forged = await post('record', signed('CH-FACE-02', body, 'another-seed'));
    expect(forged).toMatchObject({ http: 401, body: { message: '设备签名无效' } });
    expect((await post('record', signed('CH-NOPE-99', body))).body.message).toBe('设备未登记');
    const first = await post('record', signed('CH-FACE-02', body));
    expect(first.body).toMatchObject({ message: '记录已接收', data: { duplicate: false } });
    const again = await post('record', signed('CH-FACE-02', body));
    expect(again.body).toMatchObject({ message: '该记录已接收过', data: { id: first.body.data.id, duplicate: true } });
    const listed = await records(yunying, { device_id: (await device('CH-FACE-02')).id });
    expect(listed.total).toBe(before + 1);
    expect(listed.records[0]).toMatchObject({ record_no: 'CH-FACE-02-T0001', person_name: '沈嘉怡', project_id: cuihu.id, kind: 'open', method: 'face' });
    const card = await post('record', signed('CH-CARD-01', { ...body, recordNo: 'T2', kind: 'face_register', method: undefined }));
    expect([card.http, card.body.message]).toEqual([400, '只有人脸门禁设备可以上报人脸注册']);
    const name = await post('record', signed('CH-FACE-02', { ...body, recordNo: 'T3', personName: '<img src=x>' }));
    expect(name.http).toBe(400);
    const old = await post('record', signed('CH-FACE-02', { ...body, recordNo: 'T4', occurredAt: Date.now() - 40 * 86_400_000 }));
    expect(old.body.message).toBe('记录时间超出可接收范围（30 天内）');
    // Devices write; nobody adds or changes a record on the console.
    expect((await admin.post(`${W}/accessRecord/add`, { device_id: 1 })).http).toBe(404);
  });

  it('flag a device silent past its heartbeat window, once, on the timers clock, and take it back online with a heartbeat', async () => {
    const code = 'JX-CARD-01';
    const heartbeat = () => {
      const timestamp = Date.now();
      return post('heartbeat', { code, synced: 1, timestamp, sign: deviceSign(SEED, code, [1, timestamp]) });
    };
    expect((await heartbeat()).body.message).toBe('心跳已接收');
    const heard = await device(code);
    expect(heard).toMatchObject({ online_state: 'online', heartbeat_minutes: 5 });
    expect(heard.silent_at).toBe(heard.last_heartbeat + 5 * MIN);
    const early = await yunying.post(`${W}/accessDevice/transition`, { id: heard.id, action: 'silence' });
    expect([early.http, early.body.message]).toEqual([400, '设备心跳未超时，不能标记离线']);
    await server.app.workflowTimers.run(heard.silent_at - 1);
    expect((await device(code)).online_state).toBe('online');
    await server.app.workflowTimers.run(heard.silent_at);
    await server.app.workflowTimers.run(heard.silent_at + MIN);
    const silent = await device(code);
    expect(silent).toMatchObject({ online_state: 'offline', last_heartbeat: heard.last_heartbeat });
    const offline = (await yunying.post(`${W}/accessDevice/list`, { pageSize: 100, filters: { online_state: 'offline' } })).body.data.records as Rec[];
    expect(offline.map((d) => d.code)).toContain(code);
    const steps = (await yunying.get(`${W}/accessDevice/timeline`, { id: heard.id })).body.data as Rec[];
    expect(steps.filter((s) => s.action === 'silence').map((s) => s.note)).toEqual(['已到心跳超时时间，系统自动标记离线']);
    // A longer window moves the moment; the next heartbeat brings it back.
    expect((await heartbeat()).body.message).toBe('心跳已接收');
    expect((await device(code)).online_state).toBe('online');
    expect((await yunying.post(`${W}/accessDevice/update`, { id: heard.id, heartbeat_minutes: 30 })).http).toBe(200);
    const longer = await device(code);
    expect(longer.silent_at).toBe(longer.last_heartbeat + 30 * MIN);
    await server.app.workflowTimers.run(longer.last_heartbeat + 10 * MIN);
    expect((await device(code)).online_state).toBe('online');
  });

  it('show demo devices that went quiet days ago as offline', async () => {
    const quiet = (await admin.post(`${W}/accessDevice/list`, { pageSize: 100, filters: { online_state: 'offline' } })).body.data.records as Rec[];
    expect(quiet.some((d) => d.last_heartbeat && d.last_heartbeat < Date.now() - 86_400_000)).toBe(true);
  });
});
