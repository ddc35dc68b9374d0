/** When today's patrol tasks appear, as /ptTask/taskStatistics answers it (server/modules/patrol/todaySchedule.ts). */
export interface TodaySchedule {
  /** The server's clock when it answered. */
  now: number;
  day: string;
  tasks: number;
  rounds: { plan: string; project: string; generateAt: number; windowStart: number }[];
  everySeconds: number;
}

const hhmm = (at: number) => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
const every = (seconds: number) => (seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} 分钟` : `${seconds} 秒`);

/**
 * What the task list says while today has no tasks: when the scheduler will make them (from the
 * plans' windows and lead times), that no plan has a round today, or that the time has come.
 * Nothing once today has tasks.
 */
export function todayNote(today: TodaySchedule | undefined): string | undefined {
  if (!today || today.tasks > 0) return undefined;
  const now = today.now;
  if (!today.rounds.length) return `今日（${today.day}）没有需要执行的巡查计划，不会生成巡查任务。`;
  const upcoming = today.rounds.filter((r) => r.generateAt > now);
  const check = `系统每 ${every(today.everySeconds)}检查一次计划`;
  if (!upcoming.length) {
    const last = today.rounds.at(-1)!;
    return `今日巡查计划的生成时间已到（最晚 ${hhmm(last.generateAt)}），任务将在下次检查时出现；${check}，若仍没有任务，请检查计划的点位和执行人。`;
  }
  const first = upcoming[0]!;
  const lead = Math.round((first.windowStart - first.generateAt) / 60_000);
  const rest = upcoming.length > 1 ? `，其余 ${upcoming.length - 1} 个计划最晚于 ${hhmm(upcoming.at(-1)!.generateAt)} 生成` : '';
  return `今日巡查任务尚未生成：最早于 ${hhmm(first.generateAt)} 生成（${first.project}「${first.plan}」，${hhmm(first.windowStart)} 开始巡查${lead > 0 ? `，提前 ${lead} 分钟生成` : ''}）${rest}；${check}。`;
}
