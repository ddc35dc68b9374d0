import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import { NO_SHOW_LIMIT } from '../../server/modules/meetings/noShows.ts';

/**
 * Meetings (/meetingManagement): rooms, bookings that never overlap in a room (the resource's
 * exclusive rule, naming the meeting in the way), minutes, no-shows turned into exceptions and,
 * by rule, the blacklist, which refuses its members' bookings until lifted.
 */
const server = setUpServer();
const [xingzheng, xmjl, kefu] = setUpApis(server, 'xingzheng', 'xmjl', 'kefu');
const M = '/api/meeting';
const DAY = 24 * 3600_000;
const cuihu = DEMO_PROJECTS.cuihu.id;

const rooms = async (projectId: number) => (await xingzheng.post(`${M}/room/list`, { pageSize: 50, filters: { project_id: projectId } })).body.data.records as Record<string, any>[];
/** A weekday afternoon far ahead, so no demo booking is there: `hours` after 00:00 of that day. */
const ahead = (days: number, hours: number) => new Date(new Date().setHours(0, 0, 0, 0) + days * DAY + hours * 3600_000).getTime();

describe('meetings', () => {
  it('are in the demo at every project over months: rooms, bookings in every state, minutes, exceptions, a blacklist', async () => {
    const all = (await xingzheng.post(`${M}/room/list`, { pageSize: 50 })).body.data.records as Record<string, any>[];
    expect(new Set(all.map((r) => r.project_id)).size).toBe(4);
    expect(all.some((r) => r.status === 'maintenance')).toBe(true);
    const meetings = (await xingzheng.post(`${M}/meeting/list`, { pageSize: 1000, sortField: 'start_at', sortOrder: 'ascend' })).body;
    expect(meetings.data.total).toBeGreaterThan(300);
    const rows = meetings.data.records as Record<string, any>[];
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['ended', 'released', 'cancelled', 'booked', ...(rows.some((r) => r.status === 'ongoing') ? ['ongoing'] : [])]));
    expect(rows[0].start_at).toBeLessThan(Date.now() - 100 * DAY);
    expect(rows.find((r) => r.attendee_ids.length > 1)?.attendee_ids_label).toContain('、');
    const minutes = (await xingzheng.post(`${M}/minutes/list`, { pageSize: 5 })).body.data;
    expect(minutes.total).toBeGreaterThan(50);
    const detail = (await xingzheng.get(`${M}/minutes/detail`, { id: minutes.records[0].id })).body.data;
    expect(detail.decisions.length).toBeGreaterThan(0);
    const exceptions = (await xingzheng.post(`${M}/exception/list`, { pageSize: 200 })).body.data.records as Record<string, any>[];
    expect(new Set(exceptions.map((e) => e.type))).toContain('no_show');
    expect(new Set(exceptions.map((e) => e.status))).toEqual(new Set(['pending', 'handled']));
    const blacklist = (await xingzheng.post(`${M}/blacklist/list`, { pageSize: 50 })).body.data.records as Record<string, any>[];
    expect(blacklist.filter((b) => b.status === 'active').length).toBeGreaterThanOrEqual(1);
    expect(blacklist.some((b) => b.status === 'lifted')).toBe(true);
  });

  it('filter the list by one or several states, as the list page\'s multi-select sends them', async () => {
    const list = async (status: unknown) => (await xingzheng.post(`${M}/meeting/list`, { pageSize: 1000, filters: { status } })).body;
    const one = await list(['booked']);
    expect(one.message ?? '').not.toContain('格式不正确');
    expect(one.data.total).toBeGreaterThan(0);
    expect(new Set((one.data.records as Record<string, any>[]).map((r) => r.status))).toEqual(new Set(['booked']));
    const two = (await list(['ended', 'released'])).data.records as Record<string, any>[];
    expect(new Set(two.map((r) => r.status))).toEqual(new Set(['ended', 'released']));
    // A state sent alone (not in a list) narrows the same way; it once answered every row.
    const alone = (await list('booked')).data.records as Record<string, any>[];
    expect(alone.length).toBe(one.data.total);
    expect(new Set(alone.map((r) => r.status))).toEqual(new Set(['booked']));
  });

  it('refuse a booking that overlaps another in the room, naming it, and allow back to back', async () => {
    const room = (await rooms(cuihu)).find((r) => r.name === '洽谈室')!;
    const book = (title: string, from: number, to: number, extra: Record<string, unknown> = {}) =>
      xmjl.post(`${M}/meeting/add`, { project_id: cuihu, title, level: 'special', room_id: room.id, start_at: from, end_at: to, organizer_id: DEMO_STAFF.xmjl, ...extra });
    const first = await book('供暖季设备巡检布置', ahead(40, 14), ahead(40, 15));
    expect(first.body.message).toBe('新增成功');
    const clash = await book('绿化补种讨论', ahead(40, 14.5), ahead(40, 16));
    expect(clash.http).toBe(409);
    expect(clash.body.message).toMatch(/^该会议室此时段已被会议「供暖季设备巡检布置」（\d{4}-\d{2}-\d{2} 14:00 至 \d{4}-\d{2}-\d{2} 15:00）占用$/);
    expect((await book('绿化补种讨论', ahead(40, 15), ahead(40, 16))).body.message).toBe('新增成功');
    // A cancelled booking frees its slot.
    await xmjl.post(`${M}/meeting/transition`, { id: first.body.data.id, action: 'cancel', note: '改期' });
    expect((await book('安保排班调整', ahead(40, 14), ahead(40, 15))).body.message).toBe('新增成功');
    // Moving another meeting into the slot is refused too.
    const other = await book('停车收费标准讨论', ahead(41, 9), ahead(41, 10));
    const moved = await xmjl.post(`${M}/meeting/update`, { id: other.body.data.id, start_at: ahead(40, 14.25), end_at: ahead(40, 14.75) });
    expect([moved.http, moved.body.message]).toEqual([409, expect.stringContaining('「安保排班调整」')]);
    // Concurrent bookings of one slot: exactly one wins.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => book(`并发预约 ${i}`, ahead(42, 10), ahead(42, 11))));
    expect(answers.filter((a) => a.body.message === '新增成功')).toHaveLength(1);
    expect(answers.filter((a) => a.http === 409)).toHaveLength(5);
  });

  it('check the room: project, capacity, longest booking, maintenance, and the times', async () => {
    const [room] = await rooms(cuihu);
    const base = { project_id: cuihu, title: '测试会议', level: 'regular', organizer_id: DEMO_STAFF.xmjl };
    const other = (await rooms(DEMO_PROJECTS.jinxiu.id))[0]!;
    expect((await xingzheng.post(`${M}/meeting/add`, { ...base, room_id: other.id, start_at: ahead(50, 9), end_at: ahead(50, 10) })).body.message).toBe('会议室不属于所选项目');
    expect((await xmjl.post(`${M}/meeting/add`, { ...base, room_id: room!.id, start_at: ahead(50, 10), end_at: ahead(50, 9) })).body.message).toBe('结束时间须晚于开始时间');
    const small = (await rooms(cuihu)).find((r) => r.name === '洽谈室')!;
    const crowd = Array.from({ length: 7 }, (_, i) => i + 1);
    expect((await xmjl.post(`${M}/meeting/add`, { ...base, room_id: small.id, start_at: ahead(50, 9), end_at: ahead(50, 10), attendee_ids: crowd })).body.message).toBe('参会人数 7 人超过会议室「洽谈室」的容纳人数 6 人');
    expect((await xmjl.post(`${M}/meeting/add`, { ...base, room_id: small.id, start_at: ahead(50, 9), end_at: ahead(50, 12) })).body.message).toBe('会议室「洽谈室」单次最长预约 120 分钟');
    const broken = (await rooms(DEMO_PROJECTS.binjiang.id)).find((r) => r.status === 'maintenance')!;
    const answer = await xingzheng.post(`${M}/meeting/add`, { ...base, project_id: DEMO_PROJECTS.binjiang.id, room_id: broken.id, start_at: ahead(50, 9), end_at: ahead(50, 10) });
    expect(answer.body.message).toBe('会议室维护中，暂不能预约');
  });

  it(`turn a no-show into an exception, and the ${NO_SHOW_LIMIT}rd in 30 days blacklists the organiser until lifted`, async () => {
    const room = (await rooms(cuihu)).find((r) => r.name === '多功能厅')!;
    const organizer = DEMO_STAFF.kefu;
    const book = (i: number) => xingzheng.post(`${M}/meeting/add`, { project_id: cuihu, title: `客服培训 ${i}`, level: 'regular', room_id: room.id, start_at: ahead(60 + i, 9), end_at: ahead(60 + i, 10), organizer_id: organizer });
    for (let i = 0; i < NO_SHOW_LIMIT; i++) {
      const id = (await book(i)).body.data.id;
      const released = await xingzheng.post(`${M}/meeting/transition`, { id, action: 'release' });
      expect(released.body.message).toBe('已释放会议室并记为爽约');
    }
    const exceptions = (await xingzheng.post(`${M}/exception/list`, { filters: { staff_id: organizer, type: 'no_show', status: 'pending' } })).body.data.records as Record<string, any>[];
    expect(exceptions.filter((e) => e.meeting_id_label.startsWith('客服培训'))).toHaveLength(NO_SHOW_LIMIT);
    const entry = ((await xingzheng.post(`${M}/blacklist/list`, { filters: { staff_id: organizer, status: 'active' } })).body.data.records as Record<string, any>[])[0]!;
    expect(entry).toMatchObject({ reason: 'no_show', count: NO_SHOW_LIMIT });
    expect((await book(9)).body.message).toBe('组织人在会议室黑名单中，解除前不能预约会议室');
    expect((await xingzheng.post(`${M}/blacklist/transition`, { id: entry.id, action: 'lift' })).http).toBe(400);
    expect((await xingzheng.post(`${M}/blacklist/transition`, { id: entry.id, action: 'lift', note: '已说明情况' })).body.message).toBe('解除成功');
    expect((await book(9)).body.message).toBe('新增成功');
    const handled = await xingzheng.post(`${M}/exception/transition`, { id: exceptions[0]!.id, action: 'handle', values: { result: '已提醒' } });
    expect(handled.body.message).toBe('处理完成');
  });

  it('keep minutes with their decisions, in the meeting\'s project, published once', async () => {
    const meeting = ((await xmjl.post(`${M}/meeting/list`, { pageSize: 1, filters: { project_id: cuihu, status: 'booked' } })).body.data.records as Record<string, any>[])[0]!;
    const base = { project_id: cuihu, meeting_id: meeting.id, title: '纪要', recorder_id: DEMO_STAFF.xmjl, content: '<p>议定事项如下</p><img src=x onerror=alert(1)>' };
    expect((await xmjl.post(`${M}/minutes/add`, { ...base, project_id: DEMO_PROJECTS.jinxiu.id })).http).toBe(403);
    expect((await xmjl.post(`${M}/minutes/add`, { ...base, decisions: [{ item: '整改', due_date: '下周' }] })).http).toBe(400);
    const added = await xmjl.post(`${M}/minutes/add`, { ...base, decisions: [{ item: '完成整改', owner: '刘海燕', due_date: '2026-12-31' }] });
    expect(added.body.message).toBe('新增成功');
    const detail = (await xmjl.get(`${M}/minutes/detail`, { id: added.body.data.id })).body.data;
    expect(detail.content).not.toContain('onerror');
    expect((await xmjl.post(`${M}/minutes/transition`, { id: added.body.data.id, action: 'publish' })).body.message).toBe('发布成功');
    expect((await xmjl.get(`${M}/minutes/detail`, { id: added.body.data.id })).body.data.published_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('are the office\'s and the project manager\'s; others are refused, and a project manager sees only his project', async () => {
    expect((await kefu.post(`${M}/meeting/list`, {})).http).toBe(403);
    expect((await kefu.post(`${M}/room/add`, {})).http).toBe(403);
    expect((await xmjl.post(`${M}/blacklist/list`, {})).http).toBe(403);
    const seen = (await xmjl.post(`${M}/meeting/list`, { pageSize: 1000 })).body.data.records as Record<string, any>[];
    expect(new Set(seen.map((r) => r.project_id))).toEqual(new Set([cuihu]));
  });

  it('list the ended meetings without minutes, and each meeting\'s room location, through the references', async () => {
    const ended = async (hasMinutes?: number) =>
      (await xingzheng.post(`${M}/meeting/list`, { pageSize: 1000, filters: { status: 'ended', ...(hasMinutes === undefined ? {} : { has_minutes: hasMinutes }) } })).body.data.records as Record<string, any>[];
    const [all, withMinutes, without] = await Promise.all([ended(), ended(1), ended(0)]);
    expect(withMinutes.length).toBeGreaterThan(0);
    expect(without.length).toBeGreaterThan(0);
    expect(withMinutes.length + without.length).toBe(all.length);
    const minuted = new Set((await server.app.db.selectFrom('meeting_minutes' as never).select('meeting_id' as never).execute()).map((m: Record<string, any>) => m.meeting_id));
    expect(without.every((m) => !minuted.has(m.id))).toBe(true);
    expect(withMinutes.every((m) => minuted.has(m.id))).toBe(true);
    const room = (await rooms(cuihu))[0]!;
    const inRoom = (await xingzheng.post(`${M}/meeting/list`, { pageSize: 1, filters: { room_id: room.id } })).body.data.records[0];
    expect(inRoom.room_location).toBe(room.location);
  });

  it('tell the attendees through the notice outbox when booked, changed and cancelled', async () => {
    const [room] = await rooms(cuihu);
    const inbox = (staffId: number, meetingId: number) =>
      (server.app.db as any).selectFrom('staff_message').select(['title', 'content', 'category']).where('staff_id', '=', staffId).where('type', '=', 'meeting').where('function_id', '=', String(meetingId)).orderBy('id').execute();
    const added = await xmjl.post(`${M}/meeting/add`, { project_id: cuihu, title: '消防演练筹备会', level: 'special', room_id: room!.id, start_at: ahead(70, 14), end_at: ahead(70, 15), organizer_id: DEMO_STAFF.xmjl, attendee_ids: [DEMO_STAFF.kefu, DEMO_STAFF.weixiu] });
    const id = added.body.data.id as number;
    const first = await inbox(DEMO_STAFF.kefu, id);
    expect(first).toEqual([{ title: '会议通知', category: '2', content: expect.stringMatching(new RegExp(`^请参加会议：「消防演练筹备会」，时间 \\d{4}-\\d{2}-\\d{2} 14:00–15:00，地点 ${room!.name}`)) }]);
    // A new agenda alone tells nobody; a new time tells everyone invited, the newcomer included.
    await xmjl.post(`${M}/meeting/update`, { id, agenda: '分工与物资清单' });
    expect(await inbox(DEMO_STAFF.kefu, id)).toHaveLength(1);
    await xmjl.post(`${M}/meeting/update`, { id, start_at: ahead(70, 16), end_at: ahead(70, 17), attendee_ids: [DEMO_STAFF.kefu, DEMO_STAFF.weixiu, DEMO_STAFF.diaodu] });
    expect((await inbox(DEMO_STAFF.diaodu, id)).map((n: any) => n.title)).toEqual(['会议变更']);
    expect((await inbox(DEMO_STAFF.kefu, id)).at(-1).content).toMatch(/^会议信息已变更：「消防演练筹备会」，时间 .+ 16:00–17:00/);
    await xmjl.post(`${M}/meeting/transition`, { id, action: 'cancel', note: '演练延期' });
    expect((await inbox(DEMO_STAFF.weixiu, id)).at(-1)).toMatchObject({ title: '会议取消', content: expect.stringMatching(/已取消：演练延期$/) });
  });
});
