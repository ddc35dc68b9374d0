import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { deviceSign } from '../../server/modules/attendance/deviceRoutes.ts';

/**
 * Supplier attendance: shifts of supplier workers (/opearator-manager/supplierAttendance),
 * validated and scoped by region; punches judged by the server (/opearator-manager/supplierPunchDetail),
 * 补卡 by permission, the days generated once each, also after the server was down, and the
 * statistics over the days (/opearator-manager/supplierAttendanceStatistics); face and door devices
 * and the face settings (/opearator-manager/FaceConfiguration).
 */
const server = setUpServer();
const [yunying, admin, xmjl, kefu] = setUpApis(server, 'yunying', 'admin', 'xmjl', 'kefu');
const W = '/api/wxmanage';
const { cuihu, jinxiu, binjiang } = DEMO_PROJECTS;
const CLEAN = '上海洁安保洁服务有限公司';
type Rec = Record<string, any>;

const shifts = async (api = yunying, filters: Rec = {}) => (await api.post(`${W}/attendanceShift/list`, { pageSize: 100, filters })).body.data.records as Rec[];
const workers = async (projectId: number, supplier: string) => (await yunying.get(`${W}/attendanceShift/workers`, { projectId, supplier })).body.data as { label: string; value: number }[];
const shiftBody = (over: Rec = {}) => ({ project_id: jinxiu.id, supplier: CLEAN, name: '保洁晚班', work_days: ['7'], start_time: '16:00', end_time: '22:00', allow_offset_min: 30, late_offset_min: 5, early_offset_min: 5, staff_ids: [], ...over });

describe('supplier attendance shifts', () => {
  it('are seeded at every project with their supplier workers, and a region sees only its own', async () => {
    const mine = await shifts();
    expect(new Set(mine.map((s) => s.project_id))).toEqual(new Set([cuihu.id, jinxiu.id]));
    expect(mine.map((s) => s.name)).toEqual(expect.arrayContaining(['保洁早班', '秩序白班', '绿化养护班']));
    const clean = mine.find((s) => s.project_id === cuihu.id && s.name === '保洁早班')!;
    expect(clean.staff_ids.length).toBeGreaterThanOrEqual(3);
    expect(clean.staff_ids_label).toContain('韩桂兰');
    expect((await shifts(admin)).length).toBe(12);
    expect((await xmjl.post(`${W}/attendanceShift/list`, { pageSize: 100 })).body.data.records.every((s: Rec) => s.project_id === cuihu.id)).toBe(true);
    // The form's choices stay within the caller's projects.
    expect(await workers(binjiang.id, CLEAN)).toEqual([]);
    expect((await yunying.get(`${W}/attendanceShift/suppliers`, { projectId: jinxiu.id })).body.data.map((o: Rec) => o.value)).toEqual(expect.arrayContaining([CLEAN, '安盾保安服务有限公司', '绿源园林工程有限公司']));
    const other = (await admin.post(`${W}/attendanceShift/list`, { pageSize: 1, filters: { project_id: binjiang.id } })).body.data.records[0];
    expect((await yunying.get(`${W}/attendanceShift/detail`, { id: other.id })).http).toBe(404);
    expect((await yunying.post(`${W}/attendanceShift/add`, shiftBody({ project_id: binjiang.id, staff_ids: [] }))).http).toBe(403);
  });

  it('refuse an end before the start, negative offsets, and workers of another project or supplier or already on shift', async () => {
    const [a, b] = await workers(jinxiu.id, CLEAN);
    const guards = await workers(jinxiu.id, '安盾保安服务有限公司');
    const cuihuCleaner = (await workers(cuihu.id, CLEAN))[0]!;
    const refused = async (over: Rec, message: string | RegExp) => {
      const before = (await shifts()).length;
      const r = await yunying.post(`${W}/attendanceShift/add`, shiftBody(over));
      expect(r.http).toBe(400);
      expect(r.body.message).toMatch(message);
      expect((await shifts()).length).toBe(before);
    };
    await refused({ start_time: '18:00', end_time: '09:00', staff_ids: [a!.value] }, '下班时间须晚于上班时间');
    await refused({ start_time: '8:00', staff_ids: [a!.value] }, '上班时间请按 08:00 的格式填写');
    await refused({ late_offset_min: -5, staff_ids: [a!.value] }, /迟到宽限/);
    await refused({ staff_ids: [guards[0]!.value] }, `「${guards[0]!.label}」不属于供应商「${CLEAN}」`);
    await refused({ staff_ids: [cuihuCleaner.value] }, `「${cuihuCleaner.label}」不在该班次的项目工作`);
    await refused({ work_days: ['1'], staff_ids: [a!.value] }, `「${a!.label}」周一已排在班次「保洁早班」，同一天只能排一个班次`);
    await refused({ latitude: 31.2, staff_ids: [a!.value] }, '打卡点须同时填写纬度、经度和打卡半径');
    // Sunday is free for the cleaners: the shift is taken, and its people are listed.
    const ok = await yunying.post(`${W}/attendanceShift/add`, shiftBody({ staff_ids: [a!.value, b!.value] }));
    expect(ok.body.message).toBe('新增成功');
    const saved = (await yunying.get(`${W}/attendanceShift/detail`, { id: ok.body.data.id })).body.data;
    expect(saved.staff_ids).toEqual([a!.value, b!.value].sort((x, y) => x - y));
    expect((await yunying.post(`${W}/attendanceShift/delete`, { ids: [ok.body.data.id] })).body.message).toBe('删除成功');
  });
});

const list = async (api: typeof admin, path: string, filters: Rec = {}, pageSize = 200) => (await api.post(`${W}/${path}/list`, { pageSize, filters })).body.data as { records: Rec[]; total: number };

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (at: number) => { const d = new Date(at); return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`; };
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00`).getTime();
const R = `${W}/report/supplierAttendance`;

describe('supplier attendance statistics', () => {
  it('count, per supplier, the days due, present, late, early and missing punches of the caller\'s projects, with the rate of present days', async () => {
    const answer = (await yunying.post(`${R}/query`, { groupBy: 'supplier' })).body.data;
    const days = { records: [] as Rec[], total: 0 };
    for (let pageNum = 1; pageNum === 1 || days.records.length < days.total; pageNum += 1) {
      const page = (await yunying.post(`${W}/attendanceDay/list`, { pageSize: 1000, pageNum })).body.data as { records: Rec[]; total: number };
      days.records.push(...page.records);
      days.total = page.total;
    }
    expect(answer.totals.due).toBe(days.total);
    expect(answer.totals.due).toBeLessThan((await admin.post(`${R}/query`, { groupBy: 'supplier' })).body.data.totals.due);
    for (const row of answer.rows as Rec[]) {
      const mine = days.records.filter((d) => d.supplier === row.key);
      expect(row.due).toBe(mine.length);
      expect(row.present).toBe(mine.filter((d) => d.present === 1).length);
      expect(row.late).toBe(mine.filter((d) => d.late === 1).length);
      expect(row.early).toBe(mine.filter((d) => d.early === 1).length);
      expect(row.missing).toBe(mine.reduce((s, d) => s + d.missing_count, 0));
      expect(row.rate).toBe(Math.round((1000 * row.present) / row.due) / 10);
    }
    expect(answer.rows.map((r: Rec) => r.key)).toEqual(expect.arrayContaining([CLEAN, '安盾保安服务有限公司', '绿源园林工程有限公司']));
  });

  it('cross supplier by month and drill from a figure to the days it counts', async () => {
    const answer = (await yunying.post(`${R}/query`, { groupBy: 'supplier', pivotBy: 'month', project_id: cuihu.id })).body.data;
    expect(answer.pivot.columns.length).toBeGreaterThanOrEqual(2);
    const row = (answer.rows as Rec[]).find((r) => r.key === CLEAN)!;
    const drill = (await yunying.post(`${R}/drill`, { groupBy: 'supplier', key: CLEAN, measure: 'late', project_id: cuihu.id, pageSize: 100 })).body.data;
    expect(drill.total).toBe(row.late);
    expect(drill.records.length).toBe(Math.min(100, row.late));
    expect(drill.records.every((d: Rec) => d.result === '迟到' || d.result === 'late' || d.result === '缺卡' || d.result === 'missing')).toBe(true);
    const south = (await yunying.post(`${R}/query`, { groupBy: 'project', project_id: binjiang.id })).body.data;
    expect(south.totals.due).toBe(0);
  });
});

describe('face and door devices and face settings', () => {
  const device = (over: Rec = {}) => ({ project_id: jinxiu.id, code: 'JX-FACE-09', name: '西门人脸机（进）', type: 'face', location: 'gate', place: '西门', direction: 'in', vendor: '海康威视', ip: '10.21.1.99', ...over });

  it('list each region its own devices with sync state and heartbeat, and face punches name their device', async () => {
    const mine = (await yunying.post(`${W}/accessDevice/list`, { pageSize: 100 })).body.data.records as Rec[];
    expect(new Set(mine.map((d) => d.project_id))).toEqual(new Set([cuihu.id, jinxiu.id]));
    expect(mine.every((d) => /^(CH|JX)-/.test(d.code))).toBe(true);
    expect(new Set(mine.map((d) => d.sync_state))).toEqual(new Set(['synced', 'syncing']));
    expect(mine.find((d) => d.code === 'CH-FACE-01')!.last_heartbeat).toBeGreaterThan(Date.now() - 3_600_000);
    const face = (await yunying.post(`${W}/attendancePunch/list`, { pageSize: 50, filters: { source: 'face' } })).body.data.records as Rec[];
    expect(face.length).toBeGreaterThan(0);
    expect(face.every((p) => p.device_id_label === '员工通道人脸考勤机')).toBe(true);
    expect((await yunying.post(`${W}/attendancePunch/list`, { pageSize: 50, filters: { source: 'app' } })).body.data.records.every((p: Rec) => p.device_id === null)).toBe(true);
    const settings = (await yunying.post(`${W}/faceConfig/list`, { pageSize: 10 })).body.data.records as Rec[];
    expect(settings.map((c) => c.project_id).sort()).toEqual([cuihu.id, jinxiu.id]);
  });

  it('refuse a bad IP address, a code in use, an IP in use at the project, and deleting a device with punches', async () => {
    const refused = async (over: Rec, message: string | RegExp) => {
      const r = await yunying.post(`${W}/accessDevice/add`, device(over));
      expect(r.http).toBeGreaterThanOrEqual(400);
      expect(r.body.message).toMatch(message);
    };
    await refused({ ip: '192.168.1.300' }, '请填写正确的 IPv4 地址，如 192.168.1.20');
    await refused({ code: 'X' }, '设备编码为 3 至 32 位字母、数字、下划线或短横线');
    await refused({ code: 'CH-FACE-01' }, /设备编码/);
    await refused({ ip: '10.21.1.11' }, /IP 地址/);
    await refused({ type: 'robot' }, /设备类型/);
    expect((await yunying.post(`${W}/accessDevice/add`, device({ project_id: binjiang.id, code: 'BJ-FACE-09' }))).http).toBe(403);
    const made = await yunying.post(`${W}/accessDevice/add`, device());
    expect(made.body.message).toBe('新增成功');
    expect((await yunying.get(`${W}/accessDevice/detail`, { id: made.body.data.id })).body.data.sync_state).toBe(null);
    expect((await yunying.post(`${W}/accessDevice/delete`, { ids: [made.body.data.id] })).body.message).toBe('删除成功');
    const staffFace = (await yunying.post(`${W}/accessDevice/list`, { pageSize: 1, filters: { code: 'CH-FACE-03' } })).body.data.records[0];
    const guarded = await yunying.post(`${W}/accessDevice/delete`, { ids: [staffFace.id] });
    expect(guarded.body.message).toBe('该设备已有打卡记录，不能删除，可以停用');
  });

  it('keep one face setting per project, within the threshold\'s range and with known person types', async () => {
    const cfg = (await yunying.post(`${W}/faceConfig/list`, { pageSize: 10, filters: { project_id: jinxiu.id } })).body.data.records[0];
    const again = await yunying.post(`${W}/faceConfig/add`, { project_id: jinxiu.id, register_types: ['owner'], similarity_threshold: 80, retention_days: 30 });
    expect(again.body.message).toBe(`项目「${jinxiu.name}」已有人脸设置，请直接编辑`);
    expect((await yunying.post(`${W}/faceConfig/update`, { id: cfg.id, similarity_threshold: 120 })).body.message).toMatch(/识别阈值/);
    expect((await yunying.post(`${W}/faceConfig/update`, { id: cfg.id, register_types: ['alien'] })).body.message).toMatch(/允许录入人脸的人员/);
    expect((await yunying.post(`${W}/faceConfig/update`, { id: cfg.id, similarity_threshold: 90, liveness_check: true, register_types: ['owner', 'supplier'] })).body.message).toBe('保存成功');
    const saved = (await yunying.get(`${W}/faceConfig/detail`, { id: cfg.id })).body.data;
    expect(saved).toMatchObject({ similarity_threshold: 90, register_types: ['owner', 'supplier'] });
    expect((await xmjl.post(`${W}/faceConfig/update`, { id: cfg.id, similarity_threshold: 70 })).http).toBe(403);
  });
});

describe('device reports', () => {
  const SEED = 'pms-demo-sign-seed-2026';
  const post = async (path: string, body: Rec) => {
    const r = await fetch(`${server.url}/api/wxmanage/accessDevice/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { http: r.status, body: (await r.json()) as Rec };
  };
  const heartbeat = (code: string, synced: 0 | 1, timestamp = Date.now()) => post('heartbeat', { code, synced, timestamp, sign: deviceSign(SEED, code, [synced, timestamp]) });

  it('take a signed heartbeat, finishing a sync the console asked for; refuse a wrong or old signature', async () => {
    const dev = (await yunying.post(`${W}/accessDevice/list`, { pageSize: 1, filters: { code: 'JX-FACE-02' } })).body.data.records[0];
    expect((await yunying.post(`${W}/accessDevice/sync`, { id: dev.id })).body.message).toBe('已下发同步，设备下次心跳时完成');
    expect((await yunying.get(`${W}/accessDevice/detail`, { id: dev.id })).body.data.sync_state).toBe('syncing');
    const forged = await post('heartbeat', { code: 'JX-FACE-02', synced: 1, timestamp: Date.now(), sign: deviceSign('another-seed', 'JX-FACE-02', [1, Date.now()]) });
    expect(forged).toMatchObject({ http: 401, body: { message: '设备签名无效' } });
    expect((await heartbeat('JX-FACE-02', 1, Date.now() - 10 * 60_000)).body.message).toBe('设备上报已过期');
    expect((await heartbeat('JX-FACE-02', 1)).body).toMatchObject({ message: '心跳已接收', data: { syncState: 'synced' } });
    const after = (await yunying.get(`${W}/accessDevice/detail`, { id: dev.id })).body.data;
    expect(after.sync_state).toBe('synced');
    expect(after.last_heartbeat).toBeGreaterThan(Date.now() - 60_000);
    const south = (await admin.post(`${W}/accessDevice/list`, { pageSize: 1, filters: { code: 'BJ-FACE-01' } })).body.data.records[0];
    expect((await yunying.post(`${W}/accessDevice/sync`, { id: south.id })).http).toBe(404);
  });

  it('take a face punch of a worker on shift, judged and kept once however often it is sent', async () => {
    const guard = (await admin.post(`${W}/attendanceShift/list`, { pageSize: 1, filters: { project_id: cuihu.id, name: '秩序白班' } })).body.data.records[0];
    const worker = (await admin.get(`${W}/attendanceShift/detail`, { id: guard.id })).body.data.staff_ids[0];
    const idNumber = (await admin.post('/api/base/externalStaff/reveal', { id: worker })).body.data.id_number as string;
    const today = dayKey(Date.now());
    const punchAt = Math.min(Date.now(), at(today, '20:30'));
    const send = (code: string, when = punchAt) => { const timestamp = Date.now(); return post('punch', { code, idNumber, punchAt: when, timestamp, sign: deviceSign(SEED, code, [idNumber, when, timestamp]) }); };
    expect((await send('CH-CARD-01')).body.message).toBe('只有人脸门禁设备可以上报考勤打卡');
    const inWindow = punchAt >= at(today, '07:00');
    // Before the shift's first punch time every punch of the day is out of its window, and that is said first (a run after midnight).
    if (!inWindow) {
      for (const code of ['JX-FACE-03', 'CH-FACE-03']) expect((await send(code)).body.message).toMatch(/^打卡时间不在班次「秩序白班」的打卡范围内/);
      return;
    }
    expect((await send('JX-FACE-03')).body.message).toMatch(/^设备「员工通道人脸考勤机」不在「.+」工作的项目$/);
    const first = await send('CH-FACE-03');
    expect(first.body.message).toBe('打卡已接收');
    expect((await send('CH-FACE-03')).body.data.id).toBe(first.body.data.id);
    const punch = (await yunying.get(`${W}/attendancePunch/detail`, { id: first.body.data.id })).body.data;
    expect(punch).toMatchObject({ source: 'face', device_id_label: '员工通道人脸考勤机', shift_id: guard.id, work_date: today });
    expect(punch.result).toBe(first.body.data.result);
  });
});

describe('supplier punches and days', () => {
  it('hold two months of judged punches and generated days, each account seeing its own projects', async () => {
    const mine = await list(yunying, 'attendancePunch', {}, 1000);
    expect(mine.total).toBeGreaterThan(1500);
    expect(mine.records.every((p) => [cuihu.id, jinxiu.id].includes(p.project_id))).toBe(true);
    expect((await list(admin, 'attendancePunch', {}, 1)).total).toBeGreaterThan(mine.total);
    for (const result of ['normal', 'late', 'early', 'outside']) expect((await list(yunying, 'attendancePunch', { result }, 1)).total).toBeGreaterThan(0);
    for (const source of ['app', 'face', 'manual']) expect((await list(yunying, 'attendancePunch', { source }, 1)).total).toBeGreaterThan(0);
    const manual = (await list(yunying, 'attendancePunch', { source: 'manual' }, 1)).records[0]!;
    expect(manual.reason).toBeTruthy();
    const days = await list(yunying, 'attendanceDay', { result: 'missing' });
    expect(days.total).toBeGreaterThan(10);
    expect(days.records.some((d) => d.missing_count === 2 && d.present === 0)).toBe(true);
    const oldest = (await yunying.post(`${W}/attendanceDay/list`, { pageSize: 1, sortField: 'day_at', sortOrder: 'ascend' })).body.data.records[0];
    expect(oldest.day_at).toBeLessThan(Date.now() - 55 * DAY);
    expect((await list(xmjl, 'attendanceDay', {}, 200)).records.every((d) => d.project_id === cuihu.id)).toBe(true);
    // Every day matches its punches: a late day has a late clock-in.
    const late = (await list(yunying, 'attendanceDay', { result: 'late' }, 1)).records[0]!;
    const punches = (await list(yunying, 'attendancePunch', { external_staff_id: late.external_staff_id, shift_id: late.shift_id })).records.filter((p) => p.work_date === late.work_date);
    expect(punches.find((p) => p.punch_type === 'on' && p.punch_at === late.first_in)!.result).toBe('late');
  });

  it('take a 补卡 with its reason for a day missing a punch, judge it, and update the day; refuse what the rules forbid', async () => {
    const missing = (await list(yunying, 'attendanceDay', { result: 'missing', project_id: cuihu.id, supplier: CLEAN }, 200)).records.find((d) => d.day_at > Date.now() - 25 * DAY)!;
    // The side the day misses (both when nobody punched: the clock-in is made up first).
    const side = missing.in_result === 'missing' ? 'on' : 'off';
    const shift = (await yunying.get(`${W}/attendanceShift/detail`, { id: missing.shift_id })).body.data;
    const body = (over: Rec = {}) => ({ project_id: cuihu.id, external_staff_id: missing.external_staff_id, punch_type: side, punch_at: at(missing.work_date, side === 'on' ? shift.start_time : shift.end_time), reason: '人脸机故障，班长确认在岗', ...over });
    const count = async () => (await list(admin, 'attendancePunch', {}, 1)).total;
    const before = await count();
    const refused = async (api: typeof admin, over: Rec, message: string | RegExp, http = 400) => {
      const r = await api.post(`${W}/attendancePunch/add`, body(over));
      expect(r.http).toBe(http);
      expect(r.body.message).toMatch(message);
    };
    await refused(yunying, { reason: '  ' }, '请填写补卡原因');
    await refused(yunying, { punch_at: Date.now() + 3_600_000 }, '不能为未来的时间补卡');
    await refused(yunying, { punch_at: Date.now() - 40 * DAY }, '只能补 31 天内的卡');
    await refused(yunying, { punch_at: at(missing.work_date, '03:00') }, /^打卡时间不在班次「.+」的打卡范围内（\d\d:\d\d 至 \d\d:\d\d）$/);
    await refused(yunying, { project_id: jinxiu.id }, /不在该项目工作$/);
    await refused(kefu, {}, /权限/, 403);
    await refused(xmjl, { project_id: jinxiu.id }, /.+/, 403);
    expect(await count()).toBe(before);

    // Where and how a punch was made, and its result, are the server's to say.
    expect((await xmjl.post(`${W}/attendancePunch/add`, body({ source: 'app', result: 'late' }))).body.message).toBe('不允许的字段 source');
    const made = await xmjl.post(`${W}/attendancePunch/add`, body());
    expect(made.body.message).toBe('新增成功');
    const punch = (await yunying.get(`${W}/attendancePunch/detail`, { id: made.body.data.id })).body.data;
    expect(punch).toMatchObject({ source: 'manual', result: 'normal', shift_id: missing.shift_id, work_date: missing.work_date, punch_type: side });
    const day = (await yunying.get(`${W}/attendanceDay/detail`, { id: missing.id })).body.data;
    expect(day[side === 'on' ? 'in_result' : 'out_result']).toBe('normal');
    expect(day[side === 'on' ? 'first_in' : 'last_out']).toBe(punch.punch_at);
    expect(day.present).toBe(1);
    expect(day.missing_count).toBe(missing.missing_count - 1);
    await refused(yunying, {}, `已有${side === 'on' ? '上班' : '下班'}打卡，无需补卡`);
    // A cleaner has no shift on Sunday.
    let sunday = Date.now() - DAY;
    while (new Date(sunday).getDay() !== 0) sunday -= DAY;
    await refused(yunying, { punch_at: at(dayKey(sunday), '08:00') }, `${dayKey(sunday)} 没有排班`);
  });

  it('generate each finished day once, a day nobody punched as 缺卡, catching up the days a stopped server missed', async () => {
    const [a, b] = await workers(jinxiu.id, '绿源园林工程有限公司');
    const shift = await yunying.post(`${W}/attendanceShift/add`, shiftBody({ supplier: '绿源园林工程有限公司', name: '绿化周末班', work_days: ['6', '7'], start_time: '09:00', end_time: '12:00', allow_offset_min: 30, staff_ids: [a!.value, b!.value] }));
    const shiftId = shift.body.data.id as number;
    // The server comes back nine days later: the weekend days from today on are made, none twice.
    const later = Date.now() + 9 * DAY;
    const expected: string[] = [];
    for (let t = Math.max(Date.now(), later - 7 * DAY - DAY); dayKey(t) <= dayKey(later); t += DAY) {
      const d = dayKey(t);
      if ([0, 6].includes(new Date(t).getDay()) && later >= at(d, '12:30') && !expected.includes(d) && d >= dayKey(later - 7 * DAY) && d >= dayKey(Date.now())) expected.push(d);
    }
    await server.app.workflowTimers.run(later);
    const days = (await list(yunying, 'attendanceDay', { shift_id: shiftId })).records;
    expect(days.length).toBe(expected.length * 2);
    expect(new Set(days.map((d) => d.work_date))).toEqual(new Set(expected));
    expect(days.every((d) => d.result === 'missing' && d.missing_count === 2 && d.present === 0)).toBe(true);
    await server.app.workflowTimers.run(later);
    await server.app.workflowTimers.run(later + 60_000);
    expect((await list(yunying, 'attendanceDay', { shift_id: shiftId })).total).toBe(days.length);
  });
});
