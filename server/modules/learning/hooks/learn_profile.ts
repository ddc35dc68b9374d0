import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { notFound, ok } from '../../../platform/http/envelope.ts';
import { learnerRows } from '../learnerScope.ts';

const visibleRows = learnerRows('learn_profile', 'id');
const TABS = ['courses', 'exams', 'maps', 'certs', 'trainings'] as const;
type Tab = (typeof TABS)[number];
const QUERY = { type: 'object', required: ['id', 'tab'], properties: { id: { type: 'integer', minimum: 1 }, tab: { type: 'string', enum: [...TABS] } } };

/** One staff member's records behind each tab of their profile, newest first. */
async function records(db: AnyDB, staffId: number, tab: Tab, skillNames: Record<string, string>): Promise<unknown[]> {
  if (tab === 'courses') {
    return db.selectFrom('course_progress').innerJoin('course', 'course.id', 'course_progress.course_id')
      .select(['course_progress.id as key', 'course.name', 'course_progress.percent', 'course_progress.status', 'course_progress.started_at', 'course_progress.finished_at', 'course_progress.credit', 'course_progress.hours'])
      .where('course_progress.staff_id', '=', staffId).orderBy('course_progress.last_at', 'desc').execute();
  }
  if (tab === 'exams') {
    return db.selectFrom('exam_record').innerJoin('exam', 'exam.id', 'exam_record.exam_id')
      .select(['exam_record.id as key', 'exam.name', 'exam_record.attempt', 'exam_record.submitted_at', 'exam_record.score', 'exam_record.passed', 'exam_record.status'])
      .where('exam_record.staff_id', '=', staffId).orderBy('exam_record.started_at', 'desc').execute();
  }
  if (tab === 'maps') {
    return db.selectFrom('map_progress').innerJoin('learning_map', 'learning_map.id', 'map_progress.map_id')
      .select(['map_progress.id as key', 'learning_map.name', 'map_progress.percent', 'map_progress.status', 'map_progress.current_stage', 'map_progress.credit_earned', 'map_progress.finished_at'])
      .where('map_progress.staff_id', '=', staffId).orderBy('learning_map.sort').execute();
  }
  if (tab === 'certs') {
    const certs = await db.selectFrom('staff_cert').innerJoin('professional_cert', 'professional_cert.id', 'staff_cert.cert_id')
      .select(['staff_cert.id', 'professional_cert.name', 'staff_cert.cert_no', 'staff_cert.issued_at', 'staff_cert.valid_until', 'staff_cert.status'])
      .where('staff_cert.staff_id', '=', staffId).execute();
    const skills = await db.selectFrom('technical_skill').select(['id', 'skill', 'level', 'cert_no', 'issued_at', 'valid_until', 'status']).where('staff_id', '=', staffId).execute();
    return [
      ...certs.map((c) => ({ key: `c${c.id}`, kind: '专业认证', name: c.name, cert_no: c.cert_no, issued_at: c.issued_at, valid_until: c.valid_until, status: c.status })),
      ...skills.map((s) => ({ key: `s${s.id}`, kind: '技能证书', name: skillNames[s.skill as string] ?? s.skill, cert_no: s.cert_no, issued_at: s.issued_at, valid_until: s.valid_until, status: s.status })),
    ];
  }
  return db.selectFrom('training_attendance').innerJoin('offline_training', 'offline_training.id', 'training_attendance.training_id')
    .select(['training_attendance.id as key', 'offline_training.name', 'training_attendance.train_at', 'training_attendance.result', 'training_attendance.hours_credited', 'training_attendance.rating'])
    .where('training_attendance.staff_id', '=', staffId).orderBy('training_attendance.train_at', 'desc').execute();
}

/** A staff member sees their own profile, managers those of the organisations they see; staffDetail's tabs read here. */
export const learnProfileHooks: ResourceHooks = {
  visibleRows,
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get('/records', { config: { btnCode: 'learnProfile:view' }, schema: { querystring: QUERY } }, async (request) => {
      const { id, tab } = request.query as { id: number; tab: Tab };
      const row = await (await scopeRows({ db, staff: request.staff!, hooks: { visibleRows } }, { name: 'learn_profile' }, db.selectFrom('learn_profile').select('id').where('learn_profile.id', '=', id))).executeTakeFirst();
      if (!row) throw notFound('员工不存在或不在您的数据范围内');
      // The skills' names as the technical-skill resource declares them.
      const skillNames = app.catalogue.resources.get('technical_skill')?.fields.skill?.enum ?? {};
      return ok(await records(db, id, tab, skillNames));
    });
  },
};
