import type { SeedContext } from '../../engine/module.ts';
import { orgDemo } from '../org/public.ts';

type Space = [venue: string, name: string, type: string, capacity: number, open: string, close: string, days: string[], fee: number, maxHours: number, rules: string];
const EVERY_DAY = ['1', '2', '3', '4', '5', '6', '7'];
const SPACES: Space[] = [
  ['37°会所', '多功能活动室', 'room', 30, '09:00', '21:00', EVERY_DAY, 50, 3, '活动结束后请恢复桌椅摆放，禁止明火。'],
  ['37°会所', '羽毛球场', 'court', 4, '07:00', '22:00', EVERY_DAY, 40, 2, '请穿运动鞋入场，每次最多预约 2 小时。'],
  ['37°会所', '乒乓球室', 'court', 4, '08:00', '21:00', EVERY_DAY, 20, 2, '球拍可在前台借用，损坏需照价赔偿。'],
  ['邻里中心', '邻里书屋', 'library', 20, '09:00', '20:00', EVERY_DAY, 0, 4, '请保持安静，图书借阅需登记。'],
  ['邻里中心', '亲子活动室', 'club', 15, '09:00', '18:00', ['6', '7'], 0, 2, '仅周末开放，12 岁以下儿童须家长陪同。'],
];
const DAY = 24 * 3600_000;
const HOUR = 3600_000;

/** Community spaces at every project and a month of bookings behind and a week ahead, never two at once in a space. */
export async function seedSpaces(ctx: SeedContext): Promise<void> {
  const { trx, now, rnd, pick } = ctx;
  const { projectIds } = orgDemo(ctx);
  const midnight = new Date(now).setHours(0, 0, 0, 0);
  for (const [p, projectId] of projectIds.entries()) {
    for (const [s, [venue, name, type, capacity, open, close, days, fee, maxHours, rules]] of SPACES.entries()) {
      // 滨江一号's badminton court is being resurfaced: listed, not bookable.
      const status = p === 2 && s === 1 ? 'closed' : 'available';
      const at = now - 120 * DAY;
      const space = await trx.insertInto('community_space').values({ project_id: projectId, venue, name, type, capacity, open_time: open, close_time: close, open_days: JSON.stringify(days), fee_per_hour: fee, max_hours: maxHours, advance_days: 7, admin_name: ctx.personName(), admin_phone: ctx.mobile(), status, rules, enabled: 1, created_by: null, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      if (status === 'closed') continue;
      const [openHour, closeHour] = [Number(open.slice(0, 2)), Number(close.slice(0, 2))];
      for (let d = -30; d <= 6; d++) {
        const day = midnight + d * DAY;
        if (!days.includes(String(new Date(day).getDay() || 7))) continue;
        // Walk the day in blocks: a booking of 1 to maxHours hours here and there, one after another, never overlapping.
        for (let hour = openHour; hour < closeHour; ) {
          const length = Math.min(1 + Math.floor(rnd() * maxHours), closeHour - hour);
          if (rnd() < 0.3) {
            const start = day + hour * HOUR;
            const end = start + length * HOUR;
            const roll = rnd();
            const past = end < now;
            const state = past ? (roll < 0.07 ? 'no_show' : roll < 0.15 ? 'cancelled' : 'used') : roll < 0.1 ? 'cancelled' : 'booked';
            const booked = start - (1 + Math.floor(rnd() * 5)) * DAY;
            await trx.insertInto('space_booking').values({
              project_id: projectId, space_id: space.id, booker_name: ctx.personName(), booker_phone: ctx.mobile(), persons: 1 + Math.floor(rnd() * Math.min(capacity, 12)),
              start_at: start, end_at: end, amount: fee * length, pay_way: fee ? pick(['wechat', 'wechat', 'alipay', 'cash']) : 'wechat', remark: state === 'cancelled' ? '业主临时有事取消' : null,
              status: state, state_at: past ? end : booked, created_by: null, created_at: booked, updated_at: booked,
            }).execute();
          }
          hour += length;
        }
      }
    }
  }
}
