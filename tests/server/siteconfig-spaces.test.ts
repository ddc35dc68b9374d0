import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * Community spaces (/community-management/spaceConfig) and their bookings
 * (/community-management/thirtySevenDegreeSpace): within open days and hours, the amount from
 * the hourly fee, and never two bookings of one space at once, refused naming the clash, also
 * when the requests arrive together.
 */
const server = setUpServer();
const [yunying, admin, kefu] = setUpApis(server, 'yunying', 'admin', 'kefu');
const C = '/api/community';
const DAY = 24 * 3600_000;
const { cuihu, binjiang } = DEMO_PROJECTS;

const spaces = async (projectId: number) => (await yunying.post(`${C}/space/list`, { pageSize: 50, filters: { project_id: projectId } })).body.data.records as Record<string, any>[];
/** Cancels the demo's bookings of a space on the test's day, so the test owns its slots. */
async function clearDay(spaceId: number): Promise<void> {
  const demo = (await yunying.post(`${C}/spaceBooking/list`, { pageSize: 100, filters: { space_id: spaceId, status: 'booked', start_at: [at(1, 0), at(1, 23)] } })).body.data.records as Record<string, any>[];
  for (const b of demo) await yunying.post(`${C}/spaceBooking/transition`, { id: b.id, action: 'cancel', note: '测试腾出时段' });
}
/** A time `hours` after midnight on the next Wednesday at least `days` ahead (within the spaces' 7-day window). */
function at(days: number, hours: number): number {
  const d = new Date(new Date().setHours(0, 0, 0, 0) + days * DAY);
  while (d.getDay() !== 3) d.setDate(d.getDate() + 1);
  return d.getTime() + hours * 3600_000;
}

describe('community spaces', () => {
  it('are in the demo at every project with a month of bookings, scoped by region', async () => {
    const mine = (await yunying.post(`${C}/space/list`, { pageSize: 50 })).body.data.records as Record<string, any>[];
    expect(new Set(mine.map((s) => s.project_id))).toEqual(new Set([cuihu.id, DEMO_PROJECTS.jinxiu.id]));
    expect(mine[0].admin_phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const bookings = (await yunying.post(`${C}/spaceBooking/list`, { pageSize: 200, sortField: 'start_at', sortOrder: 'ascend' })).body.data;
    expect(bookings.total).toBeGreaterThan(150);
    const rows = bookings.records as Record<string, any>[];
    for (const status of ['used', 'no_show', 'cancelled', 'booked']) expect((await yunying.post(`${C}/spaceBooking/list`, { pageSize: 1, filters: { status } })).body.data.total).toBeGreaterThan(0);
    expect(rows[0].start_at).toBeLessThan(Date.now() - 25 * DAY);
    const all = (await admin.post(`${C}/spaceBooking/list`, { pageSize: 1 })).body.data.total;
    expect(all).toBeGreaterThan(bookings.total);
    expect(rows.every((r) => [cuihu.id, DEMO_PROJECTS.jinxiu.id].includes(r.project_id))).toBe(true);
  });

  it('refuse an overlapping booking naming the one in the way, allow back to back and a cancelled slot', async () => {
    const room = (await spaces(cuihu.id)).find((s) => s.name === '乒乓球室')!;
    const book = (name: string, from: number, to: number) => yunying.post(`${C}/spaceBooking/add`, { project_id: cuihu.id, space_id: room.id, booker_name: name, booker_phone: '13912345678', persons: 2, start_at: from, end_at: to, pay_way: 'wechat' });
    await clearDay(room.id);
    const first = await book('张丽华', at(1, 14), at(1, 16));
    expect(first.body.message).toBe('新增成功');
    expect((await yunying.get(`${C}/spaceBooking/detail`, { id: first.body.data.id })).body.data.amount).toBe(40);
    const clash = await book('王建军', at(1, 15), at(1, 16));
    expect(clash.http).toBe(409);
    expect(clash.body.message).toMatch(/^该场地此时段已被「张丽华」预约（\d{4}-\d{2}-\d{2} 14:00 至 \d{4}-\d{2}-\d{2} 16:00），请选择其他时段$/);
    expect((await book('王建军', at(1, 16), at(1, 17))).body.message).toBe('新增成功');
    await yunying.post(`${C}/spaceBooking/transition`, { id: first.body.data.id, action: 'cancel', note: '业主改期' });
    expect((await book('李秀英', at(1, 14), at(1, 15))).body.message).toBe('新增成功');
  });

  it('lets exactly one of several simultaneous bookings of one slot through', async () => {
    const court = (await spaces(cuihu.id)).find((s) => s.name === '羽毛球场')!;
    await clearDay(court.id);
    const names = ['赵敏', '钱志刚', '孙晓燕', '周国强', '吴婷婷', '郑海波'];
    const answers = await Promise.all(names.map((name, i) => yunying.post(`${C}/spaceBooking/add`, { project_id: cuihu.id, space_id: court.id, booker_name: name, booker_phone: '13800138000', persons: 2, start_at: at(1, 19) + (i % 2) * 1800_000, end_at: at(1, 20) + (i % 2) * 1800_000, pay_way: 'cash' })));
    expect(answers.filter((a) => a.http === 200).length).toBe(1);
    expect(answers.filter((a) => a.http === 409).every((a) => /^该场地此时段已被「.+」预约/.test(a.body.message))).toBe(true);
    const kept = (await yunying.post(`${C}/spaceBooking/list`, { pageSize: 100, filters: { space_id: court.id, status: 'booked', start_at: [at(1, 0), at(1, 23)] } })).body.data.records;
    expect(kept.length).toBe(1);
  });

  it('keeps bookings within the space\'s days, hours, length, capacity and project', async () => {
    const list = await spaces(cuihu.id);
    const kids = list.find((s) => s.name === '亲子活动室')!;
    const room = list.find((s) => s.name === '多功能活动室')!;
    await clearDay(room.id);
    const book = (space: Record<string, any>, from: number, to: number, extra: Record<string, unknown> = {}) => yunying.post(`${C}/spaceBooking/add`, { project_id: cuihu.id, space_id: space.id, booker_name: '陈静', booker_phone: '13700001111', persons: 3, start_at: from, end_at: to, pay_way: 'wechat', ...extra });
    const expectRefused = async (answer: Promise<{ http: number; body: any }>, message: string) => expect([(await answer).http, (await answer).body.message]).toEqual([400, message]);
    await expectRefused(book(kids, at(1, 10), at(1, 11)), '场地「亲子活动室」当天不开放');
    await expectRefused(book(room, at(1, 7), at(1, 9)), '场地「多功能活动室」开放时间为 09:00 至 21:00');
    await expectRefused(book(room, at(1, 9), at(1, 13)), '场地「多功能活动室」单次最长预约 3 小时');
    await expectRefused(book(room, at(1, 9), at(1, 10), { persons: 31 }), '预约人数超过场地「多功能活动室」的容纳人数 30 人');
    await expectRefused(book(room, at(9, 9), at(9, 10)), '场地「多功能活动室」最多提前 7 天预约');
    await expectRefused(book(room, at(1, 9), at(1, 10), { project_id: DEMO_PROJECTS.jinxiu.id }), '场地不属于所选项目');
    const closed = (await (await admin.post(`${C}/space/list`, { pageSize: 50, filters: { project_id: binjiang.id } })).body.data.records as Record<string, any>[]).find((s) => s.status === 'closed')!;
    const refused = await admin.post(`${C}/spaceBooking/add`, { project_id: binjiang.id, space_id: closed.id, booker_name: '陈静', booker_phone: '13700001111', persons: 2, start_at: at(1, 9), end_at: at(1, 10), pay_way: 'wechat' });
    expect(refused.body.message).toBe('场地暂停预约');
    expect((await kefu.post(`${C}/spaceBooking/add`, { project_id: cuihu.id, space_id: room.id, booker_name: '陈静', booker_phone: '13700001111', persons: 2, start_at: at(1, 9), end_at: at(1, 10), pay_way: 'wechat' })).http).toBe(403);
  });
});
