import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';

const DAY = 24 * 3600_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (at: number) => {
  const d = new Date(at);
  return d.getHours() * 60 + d.getMinutes();
};
/** ISO weekday (周一 1 … 周日 7) in the server's time zone. */
const weekday = (at: number) => new Date(at).getDay() || 7;
const sameDay = (a: number, b: number) => new Date(a).toDateString() === new Date(b - 1).toDateString();

async function spaceOf(trx: AnyDB, id: number): Promise<Row | undefined> {
  return (await trx.selectFrom('community_space').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

/**
 * A booking of a community space (37°空间): within the space's open days and hours, one day,
 * at most its longest booking and persons, no further ahead than it allows; the amount is the
 * hourly fee times the hours. Overlaps are the resource's exclusive rule (checked in the same
 * transaction, so two requests at once cannot both win).
 */
export const spaceBookingHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const b = { ...(current ?? {}), ...values };
    const space = await spaceOf(trx, b.space_id as number);
    if (!space) return;
    if (space.project_id !== b.project_id) throw badRequest('场地不属于所选项目');
    const start = b.start_at as number;
    const end = b.end_at as number;
    if (!(end > start)) return;
    const name = space.name as string;
    const days = JSON.parse(String(space.open_days ?? '[]')) as string[];
    if (!days.includes(String(weekday(start)))) throw badRequest(`场地「${name}」当天不开放`);
    if (!sameDay(start, end)) throw badRequest('预约须在同一天内');
    const endClock = clock(end) === 0 ? 24 * 60 : clock(end);
    if (clock(start) < minutesOf(space.open_time as string) || endClock > minutesOf(space.close_time as string)) throw badRequest(`场地「${name}」开放时间为 ${space.open_time} 至 ${space.close_time}`);
    const hours = (end - start) / 3600_000;
    if (hours > (space.max_hours as number)) throw badRequest(`场地「${name}」单次最长预约 ${space.max_hours} 小时`);
    if ((b.persons as number) > (space.capacity as number)) throw badRequest(`预约人数超过场地「${name}」的容纳人数 ${space.capacity} 人`);
    // Bookable up to the end of the day `advance_days` ahead.
    if (id === null && start >= new Date().setHours(0, 0, 0, 0) + ((space.advance_days as number) + 1) * DAY) throw badRequest(`场地「${name}」最多提前 ${space.advance_days} 天预约`);
    values.amount = Math.round((space.fee_per_hour as number) * hours * 100) / 100;
  },
};
