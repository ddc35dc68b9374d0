import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest, conflict, notFound, ok } from '../../../platform/http/envelope.ts';
import { checkRules, TYPE_NAMES, type PaperRule } from '../paper.ts';

const idQuery = { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } };

const list = <T>(value: unknown): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? []));
const pick = (values: Row, current: Row | null, name: string) => (values[name] !== undefined ? values[name] : current?.[name]);

/** The paper's question count and total score, refusing a paper that cannot be set (no questions, a rule its bank cannot fill). */
async function settlePaper(trx: AnyDB, values: Row, current: Row | null): Promise<void> {
  const mode = String(pick(values, current, 'paper_mode'));
  if (mode === 'fixed') {
    const ids = list<number>(pick(values, current, 'question_ids'));
    if (!ids.length) throw badRequest('固定试卷须至少选择一道题目');
    if (new Set(ids).size !== ids.length) throw badRequest('试卷中有重复的题目');
    const rows = await trx.selectFrom('question').select(['id', 'default_score']).where('id', 'in', ids).where('enabled', '=', 1).execute();
    if (rows.length !== ids.length) throw badRequest('试卷中有题目不存在或已停用');
    values.question_count = ids.length;
    values.total_score = rows.reduce((s, r) => s + Number(r.default_score), 0);
    values.rules = JSON.stringify([]);
  } else {
    const rules = list<PaperRule>(pick(values, current, 'rules'));
    await checkRules(trx, rules);
    values.question_count = rules.reduce((s, r) => s + r.count, 0);
    values.total_score = Math.round(rules.reduce((s, r) => s + r.count * r.score, 0) * 100) / 100;
    values.question_ids = JSON.stringify([]);
  }
  const pass = Number(pick(values, current, 'pass_score'));
  if (pass > Number(values.total_score)) throw badRequest(`及格分不能高于试卷总分 ${values.total_score} 分`);
}

/**
 * Exams: the paper (fixed questions or random rules) is checked and totalled on every save, and
 * frozen once published; publishing needs the candidates (考试对象) and a closing time.
 */
export const examHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    if (current && current.status !== 'draft') throw conflict('考试已发布，不能再修改');
    await settlePaper(trx, values, current);
  },

  async afterTransition({ trx, action, record }) {
    if (action !== 'publish') return;
    if (!record.audience) throw badRequest('请先在「发布设置」中选择考试对象');
    if (!record.end_time) throw badRequest('请先在「发布设置」中设置截止时间');
    if (Number(record.end_time) <= Date.now()) throw badRequest('截止时间已过，请先修改截止时间');
    // Questions may have been disabled since the exam was saved.
    await settlePaper(trx, {}, record);
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    // The detail's answer sheets, newest first (scores only).
    app.get('/records', { config: { btnCode: 'exam:view' }, schema: idQuery }, async (request) => {
      const { id } = request.query as { id: number };
      const rows = await db
        .selectFrom('exam_record')
        .innerJoin('staff', 'staff.id', 'exam_record.staff_id')
        .select(['exam_record.id', 'staff.name as staff_name', 'attempt', 'started_at', 'submitted_at', 'objective_score', 'subjective_score', 'score', 'passed', 'status'])
        .where('exam_id', '=', id)
        .orderBy('exam_record.id', 'desc')
        .limit(500)
        .execute();
      const result = (r: Row) => (r.status === 'doing' ? '作答中' : r.status === 'to_grade' ? '待判分' : r.passed ? '通过' : '未通过');
      return ok(rows.map((r) => ({ ...r, result: result(r) })));
    });
    // The random rules with the banks' names and how many questions each bank can give.
    app.get('/ruleRows', { config: { btnCode: 'exam:view' }, schema: idQuery }, async (request) => {
      const { id } = request.query as { id: number };
      const exam = await db.selectFrom('exam').select('rules').where('id', '=', id).executeTakeFirst();
      if (!exam) throw notFound();
      const rows = [];
      for (const r of list<PaperRule>(exam.rules)) {
        const bank = await db.selectFrom('question_bank').select('name').where('id', '=', r.bank_id).executeTakeFirst();
        const { n } = await db.selectFrom('question').select((eb) => eb.fn.countAll<number>().as('n')).where('bank_id', '=', r.bank_id).where('type', '=', r.type).where('enabled', '=', 1).executeTakeFirstOrThrow();
        rows.push({ bank_name: bank?.name ?? '（已删除）', type_name: TYPE_NAMES[r.type], count: r.count, score: r.score, available: Number(n) });
      }
      return ok(rows);
    });
  },
};
