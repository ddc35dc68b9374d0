import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { setUpApi, setUpApis, setUpFixtureServer } from '../support/setup.ts';
import { downloadSheet } from '../support/exports.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';
import { relationKindSql } from '../../server/platform/db/dialect.ts';

/** The meeting bookings of tests/fixtures/booking: rules, date-times and links declared in JSON alone. */
const server = setUpFixtureServer();
const admin = setUpApi(server);
const [manager, inspector] = setUpApis(server, 'xmjl', 'xuncha');

const base = '/api/basis/booking';
const at = (text: string) => new Date(text).getTime();
const count = async () => (await server.app.db.selectFrom('booking' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('rules declared on a resource', () => {
  it('compares fields, keeps ranges of one room apart and refuses a blacklisted organiser, on add, update and workflow moves alike', async () => {
    const booking = { subject: '周例会', room: 'east', organizer_id: DEMO_STAFF.kefu, start_at: at('2026-12-01T09:00:00'), end_at: at('2026-12-01T10:00:00') };
    const first = await admin.post(`${base}/add`, booking);
    expect(first.body.message).toBe('新增成功');
    const id = first.body.data.id;

    const before = await count();
    const backwards = await admin.post(`${base}/add`, { ...booking, room: 'west', end_at: at('2026-12-01T08:00:00') });
    expect([backwards.http, backwards.body.message]).toEqual([400, '结束时间须晚于开始时间']);
    const overlapping = await admin.post(`${base}/add`, { ...booking, subject: '评审会', start_at: at('2026-12-01T09:30:00'), end_at: at('2026-12-01T11:00:00') });
    expect([overlapping.http, overlapping.body.message]).toEqual([409, '该会议室此时段已被预订']);
    expect(await count()).toBe(before);
    // Back to back is no overlap; another room is free; the record does not clash with itself.
    expect((await admin.post(`${base}/add`, { ...booking, start_at: at('2026-12-01T10:00:00'), end_at: at('2026-12-01T11:00:00') })).body.message).toBe('新增成功');
    expect((await admin.post(`${base}/add`, { ...booking, room: 'west', start_at: at('2026-12-01T09:30:00'), end_at: at('2026-12-01T10:30:00') })).body.message).toBe('新增成功');
    expect((await admin.post(`${base}/update`, { id, subject: '周例会（改）' })).body.message).toBe('保存成功');
    const stretched = await admin.post(`${base}/update`, { id, end_at: at('2026-12-01T10:30:00') });
    expect([stretched.http, stretched.body.message]).toEqual([409, '该会议室此时段已被预订']);
    expect((await admin.post(`${base}/update`, { id, end_at: at('2026-12-01T08:30:00') })).body.message).toBe('结束时间须晚于开始时间');

    // A cancelled booking frees its slot; restoring it into a taken slot is refused like an add.
    const early = await admin.post(`${base}/add`, { ...booking, room: 'west', start_at: at('2026-12-03T09:00:00'), end_at: at('2026-12-03T10:00:00') });
    expect((await admin.post(`${base}/transition`, { id: early.body.data.id, action: 'cancel' })).body.data.state).toBe('cancelled');
    expect((await admin.post(`${base}/add`, { ...booking, room: 'west', start_at: at('2026-12-03T09:30:00'), end_at: at('2026-12-03T10:30:00') })).body.message).toBe('新增成功');
    const restored = await admin.post(`${base}/transition`, { id: early.body.data.id, action: 'restore' });
    expect([restored.http, restored.body.message]).toEqual([409, '该会议室此时段已被预订']);
    expect((await admin.get(`${base}/detail`, { id: early.body.data.id })).body.data.status).toBe('cancelled');

    const listed = await admin.post('/api/basis/bookingBlacklist/add', { staff_id: DEMO_STAFF.weixiu, reason: '多次预订未到场' });
    const blacklisted = await admin.post(`${base}/add`, { ...booking, organizer_id: DEMO_STAFF.weixiu, start_at: at('2026-12-02T09:00:00'), end_at: at('2026-12-02T10:00:00') });
    expect([blacklisted.http, blacklisted.body.message]).toEqual([409, '预订人在黑名单中，不能预订会议室']);
    // A disabled blacklist row no longer refuses.
    await admin.post('/api/basis/bookingBlacklist/enable', { id: listed.body.data.id, enabled: 0 });
    expect((await admin.post(`${base}/add`, { ...booking, organizer_id: DEMO_STAFF.weixiu, start_at: at('2026-12-02T09:00:00'), end_at: at('2026-12-02T10:00:00') })).body.message).toBe('新增成功');
  });

  it('stores a date-time in milliseconds whatever is sent, and a date range includes its last day', async () => {
    // The date-time picker sends text; the record keeps milliseconds, like one sent as a number.
    const sent = await admin.post(`${base}/add`, { subject: '年终总结', room: 'east', organizer_id: DEMO_STAFF.kefu, start_at: '2026-12-31 16:00', end_at: '2026-12-31 17:30' });
    expect(sent.body.message).toBe('新增成功');
    const stored = await server.app.db.selectFrom('booking' as never).select(['start_at', 'end_at'] as never).where('id' as never, '=', sent.body.data.id as never).executeTakeFirstOrThrow();
    expect(stored).toEqual({ start_at: at('2026-12-31T16:00:00'), end_at: at('2026-12-31T17:30:00') });
    expect((await admin.get(`${base}/detail`, { id: sent.body.data.id })).body.data.start_at).toBe(at('2026-12-31T16:00:00'));
    // Text and numbers meet the same rules: this overlaps the record above.
    expect((await admin.post(`${base}/add`, { subject: '加会', room: 'east', organizer_id: DEMO_STAFF.kefu, start_at: at('2026-12-31T17:00:00'), end_at: '2026-12-31 18:00' })).body.message).toBe('该会议室此时段已被预订');
    const bad = await admin.post(`${base}/add`, { subject: '加会', room: 'west', organizer_id: DEMO_STAFF.kefu, start_at: '2026-12-31 25:00', end_at: '下午' });
    expect([bad.http, bad.body.message]).toEqual([400, '开始时间格式不正确']);

    const listed = async (range: unknown[]) => (await admin.post(`${base}/list`, { filters: { start_at: range } })).body.data.records.map((r: { subject: string }) => r.subject);
    expect(await listed(['2026-12-30', '2026-12-31'])).toEqual(['年终总结']);
    expect(await listed(['2026-12-30 00:00:00', '2026-12-31 23:59:59'])).toEqual(['年终总结']);
    expect(await listed(['2026-12-30', '2026-12-30'])).toEqual([]);
  });

  it('links records many-to-many through a table the engine made, and keeps multi-selects to their values', async () => {
    expect((await relationKindSql('booking_attendee').execute(server.app.db)).rows).toEqual([{ type: 'table' }]);
    const meeting = { subject: '物业交接会', room: 'west', organizer_id: DEMO_STAFF.kefu, start_at: '2027-01-05 14:00', end_at: '2027-01-05 15:00' };
    const unknown = await admin.post(`${base}/add`, { ...meeting, attendee_ids: [DEMO_STAFF.weixiu, 99999] });
    expect([unknown.http, unknown.body.message]).toEqual([400, '参会人不存在或已被删除']);
    expect((await admin.post(`${base}/add`, { ...meeting, equipment: ['projector', 'teleporter'] })).body.message).toBe('所需设备应为 投影仪、视频会议、白板 之一');
    expect((await admin.post(`${base}/add`, { ...meeting, topics: ['repair', 'gossip'] })).body.message).toBe('议题取值不正确');
    const added = await admin.post(`${base}/add`, { ...meeting, attendee_ids: [DEMO_STAFF.weixiu, DEMO_STAFF.diaodu], equipment: ['projector', 'whiteboard'], topics: ['repair', 'complaint'] });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id;

    const detail = (await admin.get(`${base}/detail`, { id })).body.data;
    expect(detail).toMatchObject({ attendee_ids: [DEMO_STAFF.diaodu, DEMO_STAFF.weixiu], equipment: ['projector', 'whiteboard'], topics: ['repair', 'complaint'] });
    expect(detail.attendee_ids_label.split('、')).toHaveLength(2);
    // Multi-selects answer their names beside their values, as link fields do: lists show names, never JSON.
    expect([detail.equipment_label, detail.topics_label]).toEqual(['投影仪、白板', '报修、投诉']);
    const row = (await admin.post(`${base}/list`, { filters: { subject: '物业交接会' } })).body.data.records[0];
    expect([row.equipment_label, row.topics_label, row.attendee_ids_label]).toEqual(['投影仪、白板', '报修、投诉', detail.attendee_ids_label]);
    const found = async (attendee: number) => (await admin.post(`${base}/list`, { filters: { attendee_ids: attendee } })).body.data.records.map((r: { subject: string }) => r.subject);
    expect(await found(DEMO_STAFF.weixiu)).toEqual(['物业交接会']);
    expect(await found(DEMO_STAFF.xuncha)).toEqual([]);
    expect((await admin.post(`${base}/update`, { id, attendee_ids: [DEMO_STAFF.xuncha] })).body.message).toBe('保存成功');
    expect(await found(DEMO_STAFF.xuncha)).toEqual(['物业交接会']);
    expect(await found(DEMO_STAFF.weixiu)).toEqual([]);

    const { replay, sign } = admin.signed({});
    const response = await fetch(`${server.url}${base}/export?${new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]))}`, { headers: admin.headers(sign) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows = workbook.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    const header = rows[0] as string[];
    const exported = rows.find((r) => r[0] === '物业交接会')!;
    const cell = (title: string) => exported[header.indexOf(title)];
    expect([cell('参会人'), cell('所需设备'), cell('议题'), cell('开始时间')]).toEqual([(await admin.get(`${base}/detail`, { id })).body.data.attendee_ids_label, '投影仪、白板', '报修、投诉', '2027/1/5 14:00:00']);

    // Deleting the record removes its links.
    await admin.post(`${base}/delete`, { ids: [id] });
    expect(await server.app.db.selectFrom('booking_attendee' as never).selectAll().where('booking_id' as never, '=', id as never).execute()).toEqual([]);
  });

  it("puts a page where its schema's order says in the menu, and the menu screen's order above that", async () => {
    const menuList = async () => (await admin.post('/api/auth/login/menuList', { userId: String(DEMO_STAFF.admin), type: 2 })).body.data as { items: { menuRouter: string }[] }[];
    const group = async () => (await menuList()).find((g) => g.items.some((i) => i.menuRouter === '/business-settings/meeting-bookings'))!.items.map((i) => i.menuRouter);
    // Its file name sorts after the holiday calendar and the label manager, its "order": 0 puts it first.
    expect((await group())[0]).toBe('/business-settings/meeting-bookings');
    const menu = (await admin.post('/api/base/menu/list', { pageSize: 100, filters: { group_prefix: '/business-settings' } })).body.data.records.find((r: { router: string }) => r.router === '/business-settings/meeting-bookings');
    expect((await admin.post('/api/base/menu/update', { id: menu.id, display_sort: 9999 })).body.message).toBe('保存成功');
    expect((await group()).at(-1)).toBe('/business-settings/meeting-bookings');
  });
});

describe('related data in lists and filters', () => {
  it("reads a column through a reference and filters by a related record, each within the related resource's scope", async () => {
    const room = async (project: number, name: string, floor: string) => (await admin.post('/api/basis/conferenceRoom/add', { project_id: project, name, floor })).body.data.id;
    const here = await room(DEMO_PROJECTS.cuihu.id, '翠湖三楼会议室', '3F');
    const there = await room(DEMO_PROJECTS.jinxiu.id, '锦绣十二楼会议室', '12F');
    const book = async (subject: string, roomId: number | null, day: string) =>
      (await admin.post(`${base}/add`, { subject, room: 'east', room_id: roomId, organizer_id: DEMO_STAFF.kefu, start_at: `${day} 09:00`, end_at: `${day} 10:00` })).body.data.id;
    const a = await book('纪要核对甲', here, '2027-02-01');
    const b = await book('纪要核对乙', there, '2027-02-02');
    const c = await book('纪要核对丙', null, '2027-02-03');
    const minutes = async (project: number, booking: number) => (await admin.post('/api/basis/bookingMinutes/add', { project_id: project, booking_id: booking, content: '已形成决议' })).body.data.id;
    await minutes(DEMO_PROJECTS.cuihu.id, a);
    await minutes(DEMO_PROJECTS.jinxiu.id, b);
    // A disabled minute is no minute (the filter's where).
    await admin.post('/api/basis/bookingMinutes/enable', { id: await minutes(DEMO_PROJECTS.cuihu.id, c), enabled: 0 });

    const listed = async (api: typeof admin, filters: Record<string, unknown> = {}) =>
      (await api.post(`${base}/list`, { pageSize: 50, filters: { subject: '纪要核对', ...filters } })).body.data.records.map((r: { subject: string; room_floor: string | null }) => [r.subject, r.room_floor]);
    expect(await listed(admin)).toEqual([['纪要核对甲', '3F'], ['纪要核对乙', '12F'], ['纪要核对丙', null]]);
    expect(await listed(admin, { has_minutes: 1 })).toEqual([['纪要核对甲', '3F'], ['纪要核对乙', '12F']]);
    expect(await listed(admin, { has_minutes: 0 })).toEqual([['纪要核对丙', null]]);
    const bad = await admin.post(`${base}/list`, { filters: { has_minutes: 'maybe' } });
    expect([bad.http, bad.body.message]).toEqual([400, '筛选条件会议纪要格式不正确']);

    // The project manager of 翠湖天地 sees every booking but not 锦绣华庭's room or minutes: nothing leaks through the join.
    const buttons = await server.app.db.selectFrom('menu_button').select('id').where('code', '=', 'booking:view').execute();
    const role = await server.app.db.selectFrom('role').select('id').where('code', '=', 'project_manager').executeTakeFirstOrThrow();
    await server.app.db.insertInto('role_button').values(buttons.map((x) => ({ role_id: role.id, button_id: x.id }))).execute();
    expect(await listed(manager)).toEqual([['纪要核对甲', '3F'], ['纪要核对乙', null], ['纪要核对丙', null]]);
    expect(await listed(manager, { has_minutes: 1 })).toEqual([['纪要核对甲', '3F']]);
    expect(await listed(manager, { has_minutes: 0 })).toEqual([['纪要核对乙', null], ['纪要核对丙', null]]);
    expect((await manager.get(`${base}/detail`, { id: b })).body.data.room_floor).toBeNull();
    expect((await admin.get(`${base}/detail`, { id: b })).body.data.room_floor).toBe('12F');

    // A related column sorts and filters by what the caller may see of the room.
    const sorted = async (api: typeof admin, sortOrder: string) =>
      (await api.post(`${base}/list`, { pageSize: 50, sortField: 'room_floor', sortOrder, filters: { subject: '纪要核对' } })).body.data.records.map((r: { room_floor: string | null }) => r.room_floor).filter(Boolean);
    expect(await sorted(admin, 'ascend')).toEqual(['12F', '3F']);
    expect(await sorted(admin, 'descend')).toEqual(['3F', '12F']);
    expect(await listed(admin, { room_floor: '12F' })).toEqual([['纪要核对乙', '12F']]);
    expect(await listed(admin, { room_name: '锦绣' })).toEqual([['纪要核对乙', '12F']]);
    expect(await listed(admin, { room_name: '会议室', has_minutes: 1 })).toEqual([['纪要核对甲', '3F'], ['纪要核对乙', '12F']]);
    expect(await listed(manager, { room_floor: '12F' })).toEqual([]);
    expect(await listed(manager, { room_name: '锦绣' })).toEqual([]);
    expect(await listed(manager, { room_name: '翠湖' })).toEqual([['纪要核对甲', '3F']]);
    const unsortable = await admin.post(`${base}/list`, { sortField: 'room_name' });
    expect(unsortable.http).toBe(400);

    const { status, rows } = await downloadSheet(admin, `${base}/export`, { has_minutes: 1, subject: '纪要核对' });
    expect(status).toBe(200);
    const floor = (rows[0] as string[]).indexOf('楼层');
    expect(rows.slice(1).map((r) => [r[0], r[floor]])).toEqual([['纪要核对甲', '3F'], ['纪要核对乙', '12F']]);
  });
});

describe('lookups', () => {
  it("answer the labels of a form's select to whoever may fill the form, without its resource's screen", async () => {
    const staffOptions = () => inspector.get('/api/base/crmStaff/options', { keyword: '刘' });
    expect((await staffOptions()).http).toBe(403);
    // The booking form picks its organiser and attendees from staff.options: adding a booking implies that lookup.
    const role = await server.app.db.selectFrom('role').select('id').where('code', '=', 'inspector').executeTakeFirstOrThrow();
    const add = await server.app.db.selectFrom('menu_button').select('id').where('code', '=', 'booking:add').execute();
    await server.app.db.insertInto('role_button').values(add.map((x) => ({ role_id: role.id, button_id: x.id }))).execute();
    const options = await staffOptions();
    expect(options.http).toBe(200);
    expect(options.body.data.length).toBeGreaterThan(0);
    // Labels and ids only: no mobile, no record.
    expect(options.body.data.every((o: object) => Object.keys(o).sort().join() === 'label,value')).toBe(true);
    expect(JSON.stringify(options.body.data)).not.toMatch(/1[3-9]\d{9}/);
    // The lookup is no key to the screen itself.
    expect((await inspector.post('/api/base/crmStaff/list', {})).http).toBe(403);
    expect((await inspector.get('/api/base/crmStaff/detail', { id: DEMO_STAFF.xmjl })).http).toBe(403);
  });
});
