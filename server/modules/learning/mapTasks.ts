import type { AnyDB, Row } from '../../engine/hooks.ts';

export interface Stage {
  name: string;
  days?: number | null;
  course_ids?: number[];
  exam_ids?: number[];
}

export const stagesOf = (v: unknown): Stage[] => (typeof v === 'string' ? (JSON.parse(v) as Stage[]) : Array.isArray(v) ? (v as Stage[]) : []);

export interface TaskRow {
  stage_index: number;
  stage: string;
  type: 'course' | 'exam';
  content_id: number;
  name: string;
  status: 'locked' | 'not_started' | 'learning' | 'done';
  progress: number | null;
  detail: string;
  done_at: number | null;
}

/**
 * One staff member's tasks on a map, stage by stage: each course with its progress, each exam
 * with their best score; a stage of a map unlocked by stage stays locked while an earlier
 * stage has unfinished tasks. The same accounting as the map_progress view.
 */
export async function mapTasks(db: AnyDB, map: Row, staffId: number): Promise<TaskRow[]> {
  const stages = stagesOf(map.stages);
  const courseIds = stages.flatMap((s) => s.course_ids ?? []);
  const examIds = stages.flatMap((s) => s.exam_ids ?? []);
  const courses = new Map((courseIds.length ? await db.selectFrom('course').select(['id', 'name']).where('id', 'in', courseIds).execute() : []).map((c) => [c.id, c.name as string]));
  const exams = new Map((examIds.length ? await db.selectFrom('exam').select(['id', 'name']).where('id', 'in', examIds).execute() : []).map((e) => [e.id, e.name as string]));
  const progress = new Map((courseIds.length ? await db.selectFrom('course_progress').selectAll().where('staff_id', '=', staffId).where('course_id', 'in', courseIds).execute() : []).map((p) => [p.course_id, p]));
  const records = examIds.length ? await db.selectFrom('exam_record').select(['exam_id', 'score', 'passed', 'status', 'submitted_at']).where('staff_id', '=', staffId).where('exam_id', 'in', examIds).execute() : [];
  const rows: TaskRow[] = [];
  let earlierOpen = false;
  for (const [i, stage] of stages.entries()) {
    const locked = map.unlock_mode === 'stage' && earlierOpen;
    const mine: TaskRow[] = [];
    for (const id of stage.course_ids ?? []) {
      const p = progress.get(id);
      const status = p?.status === 'done' ? 'done' : p ? 'learning' : 'not_started';
      mine.push({ stage_index: i + 1, stage: stage.name, type: 'course', content_id: id, name: courses.get(id) ?? `课程 ${id}`, status, progress: p ? Number(p.percent) : 0, detail: p ? `已学 ${p.percent}%` : '未学习', done_at: (p?.finished_at as number | null) ?? null });
    }
    for (const id of stage.exam_ids ?? []) {
      const mineRecords = records.filter((r) => r.exam_id === id);
      const passed = mineRecords.filter((r) => r.passed === 1).sort((a, b) => Number(a.submitted_at) - Number(b.submitted_at))[0];
      const best = mineRecords.reduce<number | null>((b, r) => (r.score === null ? b : Math.max(b ?? 0, Number(r.score))), null);
      const status = passed ? 'done' : mineRecords.length ? 'learning' : 'not_started';
      const detail = !mineRecords.length ? '未参加' : best === null ? '待判分' : `最高 ${best} 分${passed ? '，已通过' : '，未通过'}`;
      mine.push({ stage_index: i + 1, stage: stage.name, type: 'exam', content_id: id, name: exams.get(id) ?? `考试 ${id}`, status, progress: passed ? 100 : 0, detail, done_at: (passed?.submitted_at as number | null) ?? null });
    }
    for (const t of mine) rows.push(locked && t.status !== 'done' ? { ...t, status: 'locked' } : t);
    if (mine.some((t) => t.status !== 'done')) earlierOpen = true;
  }
  return rows;
}
