import type { FastifyInstance } from 'fastify';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { dayOf } from '../../engine/schedule.ts';
import { badRequest, conflict, notFound, ok } from '../../platform/http/envelope.ts';
import { midnightOf } from './generate.ts';
import { parseQuiz, quizForReader, scoreQuiz } from './quiz.ts';

const RECORD_BODY = { type: 'object', required: ['recordId'], additionalProperties: false, properties: { recordId: { type: 'integer', minimum: 1 } } };
const FINISH_BODY = {
  type: 'object',
  required: ['recordId'],
  additionalProperties: false,
  properties: {
    recordId: { type: 'integer', minimum: 1 },
    // By question, the numbers (from 0) of the options chosen.
    answers: { type: 'array', maxItems: 3, items: { type: 'array', maxItems: 6, items: { type: 'integer', minimum: 0, maximum: 5 } } },
  },
};
const LIST_QUERY = { type: 'object', additionalProperties: false, properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } } };

/** The caller's own record with its item and course, or a refusal: nobody reads or answers for someone else. */
async function ownRecord(db: AnyDB, staffId: number, recordId: number): Promise<Row> {
  const row = (await db
    .selectFrom('required_read_record as r')
    .innerJoin('required_item as i', 'i.id', 'r.item_id')
    .innerJoin('required_course as c', 'c.id', 'r.course_id')
    .select(['r.id', 'r.status', 'r.opened_at', 'r.deadline_at', 'r.read_on', 'i.status as item_status', 'i.title as item_title', 'c.title', 'c.content_type', 'c.content', 'c.files', 'c.duration_sec', 'c.min_read_sec', 'c.quiz'])
    .where('r.id', '=', recordId)
    .where('r.staff_id', '=', staffId)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound('阅读任务不存在');
  if (row.item_status === 'expired') throw conflict(`「${String(row.item_title)}」已失效，不能再阅读`);
  return row;
}

const DONE = ['read', 'passed'];

/**
 * Reading, for the staff app and the console alike: any signed-in staff member, their own
 * records only. The server's clock measures the reading time from the first opening, and the
 * quiz is sent without its answers and scored here.
 */
export async function requiredReadingRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db as unknown as AnyDB;

  app.get('/myRequired/list', { config: { anyStaff: true }, schema: { querystring: LIST_QUERY } }, async (request) => {
    const { date } = request.query as { date?: string };
    const rows = await db
      .selectFrom('required_read_record as r')
      .innerJoin('required_item as i', 'i.id', 'r.item_id')
      .innerJoin('required_course as c', 'c.id', 'r.course_id')
      .select(['r.id', 'r.status', 'r.read_on', 'r.deadline_at', 'r.finished_at', 'r.quiz_score', 'i.title as item_title', 'i.must_pass_quiz', 'c.title', 'c.category', 'c.content_type', 'c.summary', 'c.min_read_sec', 'c.quiz_count'])
      .where('r.staff_id', '=', request.staff!.id)
      .where('r.read_on', '=', midnightOf(date ?? dayOf(Date.now())))
      .orderBy('r.id')
      .execute();
    return ok(rows);
  });

  // Opens a course to read: the clock starts at the first opening; the quiz comes without answers.
  app.post('/myRequired/open', { config: { anyStaff: true }, schema: { body: RECORD_BODY } }, async (request) => {
    const { recordId } = request.body as { recordId: number };
    const now = Date.now();
    const row = await db.transaction().execute(async (trx) => {
      const r = await ownRecord(trx, request.staff!.id, recordId);
      if (r.opened_at === null) {
        await trx.updateTable('required_read_record').set({ opened_at: now, updated_at: now }).where('id', '=', recordId).execute();
        r.opened_at = now;
      }
      return r;
    });
    const files = row.files ? (JSON.parse(String(row.files)) as unknown) : [];
    return ok({
      recordId, title: row.title, contentType: row.content_type, content: row.content, files, durationSec: row.duration_sec, minReadSec: row.min_read_sec,
      openedAt: row.opened_at, serverNow: now, status: row.status, quiz: quizForReader(parseQuiz(row.quiz)),
    });
  });

  // Finishes reading: refused before the minimum time; the quiz scored here.
  app.post('/myRequired/finish', { config: { anyStaff: true }, schema: { body: FINISH_BODY } }, async (request) => {
    const { recordId, answers } = request.body as { recordId: number; answers?: number[][] };
    const now = Date.now();
    const answer = await db.transaction().execute(async (trx) => {
      const r = await ownRecord(trx, request.staff!.id, recordId);
      if (DONE.includes(String(r.status))) throw conflict('已完成阅读，无需重复提交');
      if (r.opened_at === null) throw badRequest('请先打开课程阅读');
      const elapsed = now - Number(r.opened_at);
      const need = Number(r.min_read_sec) * 1000;
      if (elapsed < need) throw conflict(`阅读时间不足，还需阅读 ${Math.ceil((need - elapsed) / 1000)} 秒`);
      const quiz = parseQuiz(r.quiz);
      const scored = quiz.length ? scoreQuiz(quiz, answers ?? []) : null;
      const passed = scored ? scored.right === quiz.length : null;
      const status = scored === null ? 'read' : passed ? 'passed' : 'failed';
      await trx
        .updateTable('required_read_record')
        .set({ status, finished_at: now, read_sec: Math.round(elapsed / 1000), quiz_score: scored?.score ?? null, passed: passed === null ? null : passed ? 1 : 0, late: now > Number(r.deadline_at) ? 1 : 0, updated_at: now })
        .where('id', '=', recordId)
        .execute();
      return { status, score: scored?.score ?? null, right: scored?.right ?? null, total: quiz.length, passed };
    });
    const message = answer.status === 'read' ? '阅读完成' : answer.passed ? `测验通过（${answer.right}/${answer.total}）` : `测验未通过（答对 ${answer.right}/${answer.total}），请重新阅读后再答`;
    return ok(answer, message);
  });
}
