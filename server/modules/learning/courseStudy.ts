import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { conflict, notFound, ok } from '../../platform/http/envelope.ts';
import { percentOf, reportPosition, watchedSeconds, type Segments } from './progress.ts';

const openBody = { type: 'object', required: ['courseId'], additionalProperties: false, properties: { courseId: { type: 'integer', minimum: 1 } } };
const progressBody = {
  type: 'object',
  required: ['courseId', 'position'],
  additionalProperties: false,
  properties: { courseId: { type: 'integer', minimum: 1 }, position: { type: 'number', minimum: 0, maximum: 36_000 } },
};

async function publishedCourse(db: AnyDB, courseId: number): Promise<Row> {
  const course = await db.selectFrom('course').selectAll().where('id', '=', courseId).executeTakeFirst();
  if (!course) throw notFound('课程不存在');
  if (course.status !== 'published') throw conflict(`课程「${course.name}」未上架，不能学习`);
  return course;
}

const mine = (db: AnyDB, courseId: number, staffId: number) => db.selectFrom('course_progress').selectAll().where('course_id', '=', courseId).where('staff_id', '=', staffId).executeTakeFirst();

/** The courses assigned to a staff member by a push, with the nearest deadline of each (null: none). */
async function assignedCourses(db: AnyDB, staffId: number): Promise<Map<number, number | null>> {
  const rows = await db.selectFrom('learn_assignment').select(['content_id', 'deadline']).where('staff_id', '=', staffId).where('content_type', '=', 'course').execute();
  const by = new Map<number, number | null>();
  for (const r of rows) {
    const at = r.deadline === null ? null : Number(r.deadline);
    const known = by.get(r.content_id as number);
    by.set(r.content_id as number, known === undefined ? at : known === null ? at : at === null ? known : Math.min(known, at));
  }
  return by;
}

const answer = (p: Row) => ({ position: p.position_sec, watchedSec: p.watched_sec, durationSec: p.duration_sec, percent: p.percent, status: p.status, finishedAt: p.finished_at });

/**
 * Studying courses, for the staff app and the console alike: any signed-in staff member, for
 * published courses. The player reports its position every few seconds; the server alone
 * decides what was watched (progress.ts), when the course is done, and the credit it earns.
 */
export async function courseStudyRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db as unknown as AnyDB;

  app.get('/myCourse/list', { config: { anyStaff: true } }, async (request) => {
    const staffId = request.staff!.id;
    const courses = await db.selectFrom('course').select(['id', 'name', 'category', 'type', 'duration_min', 'credit', 'hours', 'required']).where('status', '=', 'published').orderBy('id', 'desc').execute();
    const progress = await db.selectFrom('course_progress').select(['course_id', 'percent', 'status', 'position_sec']).where('staff_id', '=', staffId).execute();
    const byCourse = new Map(progress.map((p) => [p.course_id, p]));
    const assigned = await assignedCourses(db, staffId);
    const rows = courses.map((c) => ({ ...c, percent: byCourse.get(c.id)?.percent ?? 0, status: byCourse.get(c.id)?.status ?? 'new', position: byCourse.get(c.id)?.position_sec ?? 0, assigned: assigned.has(c.id as number), deadline: assigned.get(c.id as number) ?? null }));
    // What the staff member was assigned comes first, the nearest deadline first.
    return ok(rows.sort((a, b) => Number(b.assigned) - Number(a.assigned) || (a.deadline ?? Infinity) - (b.deadline ?? Infinity)));
  });

  // Opens a course: its content and where the staff member left off; the clock of the next report starts now.
  app.post('/myCourse/open', { config: { anyStaff: true }, schema: { body: openBody } }, async (request) => {
    const staffId = request.staff!.id;
    const { courseId } = request.body as { courseId: number };
    const now = Date.now();
    const course = await publishedCourse(db, courseId);
    const progress = await db.transaction().execute(async (trx) => {
      const current = await mine(trx, courseId, staffId);
      if (current) {
        await trx.updateTable('course_progress').set({ last_at: now, updated_at: now }).where('id', '=', current.id as number).execute();
        return { ...current, last_at: now };
      }
      const values = {
        course_id: courseId, staff_id: staffId, position_sec: 0, watched_sec: 0, duration_sec: Number(course.duration_min) * 60, segments: '[]', percent: 0, status: 'learning',
        started_at: now, last_at: now, org_id: (await trx.selectFrom('staff').select('org_id').where('id', '=', staffId).executeTakeFirst())?.org_id ?? null, created_by: staffId, created_at: now, updated_at: now,
      };
      const { id } = await trx.insertInto('course_progress').values(values).returning('id').executeTakeFirstOrThrow();
      return { ...values, id };
    });
    const { id, name, type, files, content, duration_min, done_ratio, credit, hours, intro } = course;
    return ok({ course: { id, name, type, files: files ? JSON.parse(String(files)) : [], content, duration_min, done_ratio, credit, hours, intro }, progress: answer(progress) });
  });

  // A position report: credits what could have been watched since the last one, and completes the course at its share.
  app.post('/myCourse/progress', { config: { anyStaff: true }, schema: { body: progressBody } }, async (request) => {
    const staffId = request.staff!.id;
    const { courseId, position } = request.body as { courseId: number; position: number };
    const now = Date.now();
    const course = await publishedCourse(db, courseId);
    const { progress, finished } = await db.transaction().execute(async (trx) => {
      const current = await mine(trx, courseId, staffId);
      if (!current) throw conflict('请先打开课程再学习');
      const duration = Number(current.duration_sec);
      const next = reportPosition({ position: Number(current.position_sec), segments: JSON.parse(String(current.segments ?? '[]')) as Segments, lastAt: Number(current.last_at) }, position, now, duration);
      const percent = percentOf(next.segments, duration);
      const finishes = current.status !== 'done' && percent >= Number(course.done_ratio);
      const changes: Row = {
        position_sec: next.position, segments: JSON.stringify(next.segments), watched_sec: watchedSeconds(next.segments), percent, last_at: now, updated_at: now,
        ...(finishes ? { status: 'done', finished_at: now, credit: course.credit, hours: course.hours } : {}),
      };
      await trx.updateTable('course_progress').set(changes).where('id', '=', current.id as number).execute();
      // The learner sees the assignment done at once, not at the timers' next pass.
      if (finishes) await trx.updateTable('learn_assignment').set({ status: 'done', done_at: now, updated_at: now }).where('staff_id', '=', staffId).where('content_type', '=', 'course').where('content_id', '=', courseId).where('status', '=', 'todo').execute();
      return { progress: { ...current, ...changes }, finished: finishes };
    });
    return ok(answer(progress), finished ? `恭喜，课程「${course.name}」已学完，获得 ${course.credit} 学分` : '学习进度已记录');
  });
}
