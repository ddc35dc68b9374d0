import type { SeedContext } from '../../engine/module.ts';
import { orgDemo } from '../org/public.ts';
import type { AnyDB } from '../../engine/hooks.ts';
import { BLACKLIST_DAYS, NO_SHOW_WINDOW_DAYS } from './noShows.ts';

/** The office runs the company's meeting rooms; project managers book and minute their own project's meetings. */
export const MEETINGS_DEMO_GRANTS: Record<string, string[]> = {
  office: ['meetingRoom:view', 'meetingRoom:add', 'meetingRoom:edit', 'meetingRoom:delete', 'meetingRoom:enable', 'meetingRoom:export', 'meeting:view', 'meeting:add', 'meeting:edit', 'meeting:delete', 'meeting:export', 'minutes:view', 'minutes:add', 'minutes:edit', 'minutes:delete', 'minutes:export', 'meetingBlacklist:view', 'meetingBlacklist:add', 'meetingBlacklist:lift', 'meetingException:view', 'meetingException:handle'],
  project_manager: ['meetingRoom:view', 'meeting:view', 'meeting:add', 'meeting:edit', 'meeting:export', 'minutes:view', 'minutes:add', 'minutes:edit', 'meetingException:view'],
};

type Room = [name: string, code: string, location: string, floor: string, capacity: number, equipment: string[], open: string, maxMinutes: number];
const ROOMS: Room[] = [
  ['第一会议室', 'HY-301', '物业服务中心 3 楼东侧', '3F', 16, ['projector', 'whiteboard', 'hdmi'], '08:00-20:00', 240],
  ['视频会议室', 'HY-302', '物业服务中心 3 楼西侧', '3F', 12, ['video', 'screen', 'microphone'], '08:00-20:00', 240],
  ['多功能厅', 'HY-101', '会所 1 楼', '1F', 60, ['screen', 'microphone', 'projector', 'video'], '08:00-21:00', 480],
  ['洽谈室', 'HY-205', '物业服务中心 2 楼客服中心旁', '2F', 6, ['screen', 'whiteboard'], '09:00-18:00', 120],
];

const TOPICS: [string, string][] = [
  ['专题会', '消防安全月度检查复盘'], ['专题会', '电梯维保合同续签讨论'], ['专题会', '业主满意度提升方案'], ['专题会', '地下车库漏水整改'],
  ['专题会', '春节期间安保与值班安排'], ['专题会', '物业费收缴进度分析'], ['专题会', '绿化养护外包供应商评审'], ['专题会', '装修管理规定宣贯'],
  ['面试', '客服管家岗位面试'], ['面试', '维修技工岗位面试'], ['紧急会议', '暴雨天气应急预案部署'], ['紧急会议', '停水事件处置协调'],
  ['专题会', '智慧社区门禁升级方案'], ['专题会', '垃圾分类督导工作推进'], ['专题会', '业委会沟通会准备'], ['专题会', '季度品质检查问题整改'],
];
const LEVELS: Record<string, string> = { 例会: 'regular', 专题会: 'special', 面试: 'interview', 紧急会议: 'urgent' };
const SLOTS: [number, number][] = [[9 * 60 + 30, 11 * 60], [14 * 60, 15 * 60 + 30], [16 * 60, 17 * 60]];
const MINUTES_TEXT = (topic: string) => `<p>会议围绕「${topic}」展开讨论，与会人员逐项梳理现状与问题，明确了责任分工与完成时限。</p><p>会议要求各责任人按期推进，并在下次例会上汇报进展。</p>`;
const DECISIONS = ['整理问题清单并逐项销号', '联系供应商提交报价方案', '在业主群发布温馨提示', '更新值班表并报项目经理审批', '完成现场复查并拍照留档'];
const DAY = 24 * 3600_000;

const insert = async (trx: AnyDB, table: string, values: Record<string, unknown>) => (await trx.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id as number;

/** Rooms at every project, four months of meetings with attendees, minutes, no-shows, exceptions and the blacklist they lead to. */
export async function seedMeetings(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd, pick } = ctx;
  const { projectIds } = orgDemo(ctx);
  const midnight = new Date(now).setHours(0, 0, 0, 0);
  const stamp = { created_by: null, created_at: now - 150 * DAY, updated_at: now - 150 * DAY };
  for (const [p, projectId] of projectIds.entries()) {
    const staff = (await trx.selectFrom('staff').innerJoin('org', 'org.id', 'staff.org_id').select('staff.id').where((eb) => eb.or([eb('org.id', '=', projectId), eb('org.parent_id', '=', projectId)])).orderBy('staff.id').execute()).map((s) => s.id as number);
    const rooms: { id: number; capacity: number }[] = [];
    for (const [r, [name, code, location, floor, capacity, equipment, open, maxMinutes]] of ROOMS.entries()) {
      // One room of 滨江一号 is being refitted: shown, but not bookable.
      const status = p === 2 && r === 1 ? 'maintenance' : 'available';
      const id = await insert(trx, 'meeting_room', { project_id: projectId, name, code, location, floor, capacity, equipment: JSON.stringify(equipment), open_hours: open, max_duration_min: maxMinutes, status, description: status === 'maintenance' ? '视频会议设备升级改造中，预计下月恢复使用' : null, enabled: 1, ...stamp });
      if (status === 'available') rooms.push({ id, capacity });
    }
    // The organiser who keeps missing meetings (the blacklist's demo) is the project's last staff member.
    const noShower = staff.at(-1)!;
    const organisers = staff.slice(0, -1);
    for (let d = -120; d <= 14; d++) {
      const day = midnight + d * DAY;
      const weekday = new Date(day).getDay();
      if (weekday === 0 || weekday === 6) continue;
      const plan: { room: { id: number; capacity: number }; slot: [number, number]; topic: [string, string]; forced?: boolean }[] = [];
      if (weekday === 1) plan.push({ room: rooms[0]!, slot: [8 * 60 + 30, 9 * 60 + 30], topic: ['例会', '项目周例会'] });
      for (const room of rooms) {
        for (const slot of SLOTS) {
          // The no-shower's three recent misses (Wednesday mornings) put them on the blacklist.
          const forced = weekday === 3 && d >= -25 && d <= -3 && room === rooms[1] && slot === SLOTS[0];
          if (forced || rnd() < 0.12) plan.push({ room, slot, topic: forced ? ['专题会', '供应商对接沟通会'] : pick(TOPICS), forced });
        }
      }
      for (const { room, slot, topic, forced } of plan) {
        const start = day + slot[0] * 60_000;
        const end = day + slot[1] * 60_000;
        const past = end < now;
        const roll = rnd();
        // Others miss a meeting now and then; the misses within the blacklist's window (and a day
        // more: the demo is read later than it is seeded) are all the no-shower's, so no other
        // organiser starts one miss nearer the blacklist at some hours of the day than at others.
        const missed = past && (roll < 0.05 || forced === true);
        const organizer = missed && d >= -(NO_SHOW_WINDOW_DAYS + 1) ? noShower : pick(organisers);
        const status = !past ? (start < now ? 'ongoing' : 'booked') : missed ? 'released' : roll < 0.12 ? 'cancelled' : 'ended';
        const attendees = [...new Set(Array.from({ length: 2 + Math.floor(rnd() * 5) }, () => pick(staff)))].slice(0, room.capacity);
        const id = await insert(trx, 'meeting', {
          project_id: projectId, title: topic[1], level: LEVELS[topic[0]], room_id: room.id, start_at: start, end_at: end, organizer_id: organizer,
          external_guests: topic[0] === '面试' ? '应聘者 1 名' : null, agenda: `1. 通报「${topic[1]}」现状\n2. 讨论解决方案\n3. 明确责任人与时限`,
          sign_in_count: status === 'ended' || status === 'ongoing' ? attendees.length : null, status, state_at: past ? end : start - 3 * DAY,
          created_by: organizer, created_at: start - 3 * DAY, updated_at: start - 3 * DAY,
        });
        for (const staffId of attendees) await trx.insertInto('meeting_attendee').values({ meeting_id: id, staff_id: staffId }).execute();
        const exception = (type: string, note: string) =>
          insert(trx, 'meeting_exception', { project_id: projectId, meeting_id: id, type, staff_id: organizer, detected_at: end, note, ...(d < -10 ? { status: 'handled', result: '已与当事人沟通并提醒', handled_at: end + 2 * DAY } : { status: 'pending' }), state_at: end, created_by: null, created_at: end, updated_at: end });
        if (status === 'released') await exception('no_show', `「${topic[1]}」无人签到，会议室已释放`);
        if (status !== 'ended') continue;
        if (rnd() < 0.08) await exception('overtime', '会议超出预约时间 30 分钟以上，影响下一场使用');
        if (rnd() < 0.65) {
          const published = d < -2 || rnd() < 0.5;
          const decisions = Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, i) => ({ item: DECISIONS[(id + i) % DECISIONS.length], owner: null, due_date: new Date(end + (7 + i * 7) * DAY).toISOString().slice(0, 10) }));
          await insert(trx, 'meeting_minutes', { project_id: projectId, meeting_id: id, title: `${topic[1]}会议纪要`, recorder_id: pick(attendees), content: MINUTES_TEXT(topic[1]), decisions: JSON.stringify(decisions), status: published ? 'published' : 'draft', published_at: published ? end + DAY : null, state_at: end + DAY, created_by: organizer, created_at: end + 3600_000, updated_at: end + DAY });
        } else if (rnd() < 0.3) await exception('no_minutes', '会议结束 3 天仍未提交纪要');
      }
    }
    const misses = await trx.selectFrom('meeting_exception').select(['detected_at']).where('staff_id', '=', noShower).where('type', '=', 'no_show').where('detected_at', '>', now - 30 * DAY).orderBy('detected_at').execute();
    if (misses.length >= 3) {
      const at = misses.at(-1)!.detected_at as number;
      await insert(trx, 'meeting_blacklist', { staff_id: noShower, reason: 'no_show', count: misses.length, end_at: at + BLACKLIST_DAYS * DAY, note: `30 天内爽约 ${misses.length} 次，自动加入`, status: 'active', state_at: at, created_by: null, created_at: at, updated_at: at });
    }
    if (p === 0) {
      const lifted = now - 70 * DAY;
      await insert(trx, 'meeting_blacklist', { staff_id: pick(organisers), reason: 'late_release', count: 2, end_at: lifted + 30 * DAY, note: '多次占用会议室超时未释放', status: 'lifted', lifted_at: lifted + 12 * DAY, state_at: lifted + 12 * DAY, created_by: null, created_at: lifted, updated_at: lifted + 12 * DAY });
    }
  }
}
