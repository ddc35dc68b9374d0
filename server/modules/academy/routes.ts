import type { FastifyInstance } from 'fastify';
import { resolveAudience } from '../../engine/audience.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import { lockedRows } from '../../platform/db/dialect.ts';
import type { StaffContext } from '../../platform/types.ts';
import { drawPaper, forCandidate, givenText, type PaperItem } from './paper.ts';
import { SUBMIT_GRACE_MS, closeExpired, finishRecord } from './taking.ts';

const idBody = (name: string) => ({ type: 'object', required: [name], additionalProperties: false, properties: { [name]: { type: 'integer', minimum: 1 } } });
const answersBody = {
  type: 'object',
  required: ['recordId', 'answers'],
  additionalProperties: false,
  properties: {
    recordId: { type: 'integer', minimum: 1 },
    // By question index: a choice's label, a multiple choice's labels, a text.
    answers: { type: 'object', maxProperties: 300, propertyNames: { pattern: '^\\d{1,3}$' }, additionalProperties: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'array', maxItems: 8, items: { type: 'string', maxLength: 2 } }] } },
  },
};

/** Whether the exam reaches this staff member: published, its audience resolving to them. */
async function isCandidate(db: AnyDB, exam: Row, staffId: number): Promise<boolean> {
  return (await resolveAudience(db, 'staff', exam.audience)).some((r) => r.staffId === staffId);
}

/** Open exams this staff member is a candidate of, now. */
async function openExams(db: AnyDB, staff: StaffContext, now: number): Promise<Row[]> {
  const exams = await db.selectFrom('exam').selectAll().where('status', '=', 'published').where('end_time', '>', now).execute();
  const mine: Row[] = [];
  for (const e of exams) if ((e.start_time === null || Number(e.start_time) <= now) && (await isCandidate(db, e, staff.id))) mine.push(e);
  return mine;
}

/** The staff member's own paper still being answered, or a refusal. */
async function ownDoing(db: AnyDB, staff: StaffContext, recordId: number): Promise<Row> {
  const record = await db.selectFrom('exam_record').selectAll().where('id', '=', recordId).where('staff_id', '=', staff.id).executeTakeFirst();
  if (!record) throw notFound('答卷不存在');
  if (record.status !== 'doing') throw conflict('该答卷已交卷');
  return record;
}

function saveAnswers(paper: PaperItem[], answers: Record<string, unknown>): void {
  for (const [index, value] of Object.entries(answers)) {
    const item = paper[Number(index)];
    if (!item) throw badRequest(`试卷没有第 ${Number(index) + 1} 题`);
    item.given = givenText(item, value);
  }
}

/**
 * Taking exams, for the staff app and the console's taking screen alike: any signed-in staff
 * member, for the exams whose audience includes them. Papers are drawn here per candidate and
 * answered without their answers; the time limit is the server's clock.
 */
export async function examTakingRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db as unknown as AnyDB;

  app.get('/myExam/list', { config: { anyStaff: true } }, async (request) => {
    const staff = request.staff!;
    const now = Date.now();
    await db.transaction().execute((trx) => closeExpired(trx, { staffId: staff.id }, now));
    const exams = await openExams(db, staff, now);
    const records = await db.selectFrom('exam_record').select(['exam_id', 'status', 'score', 'passed', 'id']).where('staff_id', '=', staff.id).execute();
    return ok(
      exams.map((e) => {
        const mine = records.filter((r) => r.exam_id === e.id);
        return {
          id: e.id, name: e.name, duration_min: e.duration_min, total_score: e.total_score, pass_score: e.pass_score, question_count: e.question_count,
          start_time: e.start_time, end_time: e.end_time, attempts_allowed: e.attempts_allowed, attempts_used: mine.length,
          doing_id: mine.find((r) => r.status === 'doing')?.id ?? null,
          best_score: mine.reduce<number | null>((b, r) => (r.score === null ? b : Math.max(b ?? 0, Number(r.score))), null),
          passed: mine.some((r) => r.passed === 1),
        };
      }),
    );
  });

  // Starts an attempt (or resumes the one under way): the paper drawn now, without answers.
  app.post('/myExam/start', { config: { anyStaff: true }, schema: { body: idBody('examId') } }, async (request) => {
    const staff = request.staff!;
    const { examId } = request.body as { examId: number };
    const now = Date.now();
    const exam = await db.selectFrom('exam').selectAll().where('id', '=', examId).executeTakeFirst();
    if (!exam || exam.status !== 'published' || !(await isCandidate(db, exam, staff.id))) throw notFound('考试不存在或您不在考试对象中');
    if (exam.start_time !== null && Number(exam.start_time) > now) throw conflict(`考试「${exam.name}」尚未开始`);
    if (Number(exam.end_time) <= now) throw conflict(`考试「${exam.name}」已结束`);
    const record = await db.transaction().execute(async (trx) => {
      // One candidate's starts take turns (their row locked until this commits): two taps at once start one attempt, not two.
      await lockedRows(trx.selectFrom('staff').select('id').where('id', '=', staff.id)).executeTakeFirst();
      await closeExpired(trx, { staffId: staff.id, examId }, now);
      const mine = await trx.selectFrom('exam_record').selectAll().where('exam_id', '=', examId).where('staff_id', '=', staff.id).orderBy('attempt').execute();
      const doing = mine.find((r) => r.status === 'doing');
      if (doing) return doing;
      if (mine.some((r) => r.passed === 1)) throw conflict('您已通过该考试，无需再考');
      if (mine.length >= Number(exam.attempts_allowed)) throw conflict(`该考试最多可考 ${exam.attempts_allowed} 次，您已用完`);
      const paper = await drawPaper(trx, exam as { paper_mode: string; question_ids: string | null; rules: string | null });
      const values = {
        exam_id: examId, staff_id: staff.id, attempt: mine.length + 1, started_at: now,
        deadline_at: Math.min(now + Number(exam.duration_min) * 60_000, Number(exam.end_time)),
        status: 'doing', paper: JSON.stringify(paper), created_by: staff.id, created_at: now, updated_at: now,
      };
      const { id } = await trx.insertInto('exam_record').values(values).returning('id').executeTakeFirstOrThrow();
      return { ...values, id };
    });
    const paper = JSON.parse(String(record.paper)) as PaperItem[];
    return ok({ recordId: record.id, examName: exam.name, attempt: record.attempt, deadlineAt: record.deadline_at, serverNow: now, totalScore: exam.total_score, questions: paper.map(forCandidate) });
  });

  // Saves answers while the time lasts (resumable after a lost connection).
  app.post('/myExam/save', { config: { anyStaff: true }, schema: { body: answersBody } }, async (request) => {
    const staff = request.staff!;
    const { recordId, answers } = request.body as { recordId: number; answers: Record<string, unknown> };
    const now = Date.now();
    const late = await db.transaction().execute(async (trx) => {
      const record = await ownDoing(trx, staff, recordId);
      const paper = JSON.parse(String(record.paper)) as PaperItem[];
      // Out of time: handed in as saved before (committed, then refused below).
      if (now > Number(record.deadline_at) + SUBMIT_GRACE_MS) return !!(await finishRecord(trx, record, paper, now));
      saveAnswers(paper, answers);
      await trx.updateTable('exam_record').set({ paper: JSON.stringify(paper), updated_at: now }).where('id', '=', recordId).execute();
      return false;
    });
    if (late) throw conflict('已超过考试时限，系统已按时限前保存的答案自动交卷');
    return ok(null, '答案已保存');
  });

  // Hands the paper in: objective questions scored at once.
  app.post('/myExam/submit', { config: { anyStaff: true }, schema: { body: answersBody } }, async (request) => {
    const staff = request.staff!;
    const { recordId, answers } = request.body as { recordId: number; answers: Record<string, unknown> };
    const now = Date.now();
    const late = { value: false };
    const done = await db.transaction().execute(async (trx) => {
      const record = await ownDoing(trx, staff, recordId);
      const paper = JSON.parse(String(record.paper)) as PaperItem[];
      // Answers arriving after the deadline (and its grace) do not count: the paper is handed in as saved.
      if (now > Number(record.deadline_at) + SUBMIT_GRACE_MS) late.value = true;
      else saveAnswers(paper, answers);
      return finishRecord(trx, record, paper, now);
    });
    if (late.value) throw conflict('已超过考试时限，本次提交的答案未被计入，系统已按时限前保存的答案自动交卷');
    return ok(
      { recordId, status: done.status, objectiveScore: done.objective_score, score: done.score, passed: done.passed === null ? null : done.passed === 1 },
      done.status === 'to_grade' ? '交卷成功，简答题待阅卷后公布总分' : `交卷成功，得分 ${done.score}`,
    );
  });

  // The staff member's own results (scores only: the answers stay on the server).
  app.get('/myExam/results', { config: { anyStaff: true } }, async (request) => {
    const rows = await db
      .selectFrom('exam_record')
      .innerJoin('exam', 'exam.id', 'exam_record.exam_id')
      .select(['exam_record.id', 'exam.name as exam_name', 'exam_record.attempt', 'exam_record.submitted_at', 'exam_record.score', 'exam_record.passed', 'exam_record.status'])
      .where('exam_record.staff_id', '=', request.staff!.id)
      .orderBy('exam_record.id', 'desc')
      .execute();
    return ok(rows);
  });
}
