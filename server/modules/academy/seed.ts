import type { SeedContext } from '../../engine/module.ts';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../org/public.ts';
import { settleQuestion } from './hooks/question.ts';
import { drawPaper, OBJECTIVE, type PaperItem } from './paper.ts';
import { DEMO_BANKS } from './questions.ts';
import { finishRecord } from './taking.ts';

const BANK = ['question-bank:view', 'question-bank:add', 'question-bank:edit', 'question-bank:delete', 'question-bank:enable'];
const QUESTION = ['question:view', 'question:add', 'question:edit', 'question:delete', 'question:enable', 'question:export', 'question:import'];
const EXAM = ['exam:view', 'exam:add', 'exam:edit', 'exam:delete', 'exam:export', 'exam:release', 'exam:grade', 'exam-record:view', 'exam-record:export'];

/** The training administrator runs the whole academy; HR reads the exams and results. */
export const ACADEMY_DEMO_GRANTS: Record<string, string[]> = {
  training: [...BANK, ...QUESTION, ...EXAM, 'report-theory-contribute:view', 'report-theory-contribute:export'],
  hr: ['question-bank:view', 'question:view', 'exam:view', 'exam-record:view', 'exam-record:export', 'report-theory-contribute:view'],
};

const DAY = 86_400_000;

/**
 * Four banks of property-service questions, and three exams: last quarter's fire-safety exam
 * (random papers, taken and graded at 翠湖天地), last month's customer-service test (a fixed
 * paper) and this month's safety exam open now at 翠湖天地.
 */
export async function seedAcademy(ctx: SeedContext): Promise<void> {
  const db = ctx.trx as AnyDB;
  const { now } = ctx;
  const stamp = (at: number) => ({ created_by: DEMO_STAFF.peixun, created_at: at, updated_at: at });
  const bankIds: number[] = [];
  for (const [b, bank] of DEMO_BANKS.entries()) {
    const at = now - (120 - b * 7) * DAY;
    const { id } = await db.insertInto('question_bank').values({ name: bank.name, category: bank.category, description: bank.description, enabled: 1, ...stamp(at) }).returning('id').executeTakeFirstOrThrow();
    bankIds.push(id as number);
    for (const q of bank.questions) {
      const values: Row = {
        bank_id: id, type: q.type, stem: q.stem, answer: q.answer ?? null, analysis: q.analysis, difficulty: q.difficulty, tags: q.tags,
        default_score: q.type === 'essay' ? 10 : q.type === 'multiple' ? 4 : 2,
        options: JSON.stringify((q.options ?? []).map((o) => ({ content: o.replace(/^\*/, ''), is_right: o.startsWith('*') }))),
        contributor_id: ctx.pick([DEMO_STAFF.peixun, DEMO_STAFF.peixun, DEMO_STAFF.renshi, DEMO_STAFF.xmjl]),
      };
      settleQuestion(values, null);
      await db.insertInto('question').values({ ...values, enabled: 1, ...stamp(at + DAY) }).execute();
    }
  }
  const [fire, safety, service] = bankIds as [number, number, number];
  const cuihu = { mode: 'org', ids: [DEMO_PROJECTS.cuihu.id] };
  const serviceQuestions = (await db.selectFrom('question').select('id').where('bank_id', '=', service).orderBy('id').execute()).map((r) => r.id as number);

  const exams = [
    {
      name: '2026 年三季度消防安全考试', paper_mode: 'random', status: 'ended', start: now - 75 * DAY, end: now - 60 * DAY, pass: 60, minutes: 45, attempts: 2,
      rules: [{ bank_id: fire, type: 'single', count: 3, score: 10 }, { bank_id: fire, type: 'multiple', count: 2, score: 10 }, { bank_id: fire, type: 'judge', count: 2, score: 10 }, { bank_id: fire, type: 'fill', count: 1, score: 10 }, { bank_id: fire, type: 'essay', count: 1, score: 20 }],
      takers: 0.8,
    },
    { name: '10 月客户服务规范测评', paper_mode: 'fixed', status: 'ended', start: now - 40 * DAY, end: now - 30 * DAY, pass: 18, minutes: 30, attempts: 1, ids: serviceQuestions, takers: 0.7 },
    {
      name: '11 月安全生产考试', paper_mode: 'random', status: 'published', start: now - 3 * DAY, end: now + 12 * DAY, pass: 36, minutes: 40, attempts: 2,
      rules: [{ bank_id: safety, type: 'single', count: 3, score: 6 }, { bank_id: safety, type: 'multiple', count: 1, score: 10 }, { bank_id: safety, type: 'judge', count: 2, score: 6 }, { bank_id: safety, type: 'fill', count: 1, score: 8 }, { bank_id: safety, type: 'essay', count: 1, score: 12 }],
      takers: 0.3,
    },
  ];
  const candidates = (await db.selectFrom('staff').select('id').where('org_id', '=', DEMO_PROJECTS.cuihu.id).where('enabled', '=', 1).orderBy('id').execute()).map((r) => r.id as number);
  for (const e of exams) {
    const rules = e.rules ?? [];
    const ids = e.ids ?? [];
    const scores = ids.length ? await db.selectFrom('question').select('default_score').where('id', 'in', ids).execute() : [];
    const total = rules.length ? rules.reduce((s, r) => s + r.count * r.score, 0) : scores.reduce((s, r) => s + Number(r.default_score), 0);
    const exam = {
      name: e.name, exam_type: 'theory', paper_mode: e.paper_mode, question_ids: JSON.stringify(ids), rules: JSON.stringify(rules), total_score: total,
      question_count: rules.length ? rules.reduce((s, r) => s + r.count, 0) : ids.length, pass_score: e.pass, duration_min: e.minutes, attempts_allowed: e.attempts,
      start_time: e.start, end_time: e.end, audience: JSON.stringify(cuihu), description: '请在规定时间内独立完成，交卷后客观题自动评分，简答题由培训专员阅卷。',
      status: e.status, state_at: e.start - DAY, published_at: e.start - DAY, ...stamp(e.start - 5 * DAY),
    };
    const { id: examId } = await db.insertInto('exam').values(exam).returning('id').executeTakeFirstOrThrow();
    for (const staffId of candidates) {
      if (ctx.rnd() > e.takers) continue;
      const started = e.start + Math.floor(ctx.rnd() * (Math.min(e.end, now) - e.start - 2 * 3600_000));
      const paper = await drawPaper(db, exam, (n) => Math.floor(ctx.rnd() * n));
      // A good candidate answers most questions right; a weaker one, about half.
      const skill = 0.45 + ctx.rnd() * 0.5;
      for (const item of paper) item.given = ctx.rnd() < skill ? item.answer : wrongAnswer(item);
      const record = { exam_id: examId, staff_id: staffId, attempt: 1, started_at: started, deadline_at: started + e.minutes * 60_000, status: 'doing', paper: JSON.stringify(paper), created_by: staffId, created_at: started, updated_at: started };
      const { id } = await db.insertInto('exam_record').values(record).returning('id').executeTakeFirstOrThrow();
      const done = await finishRecord(db, { ...record, id }, paper, started + Math.floor((0.5 + ctx.rnd() * 0.4) * e.minutes * 60_000));
      // Last quarter's short answers were graded; this month's wait for the grader.
      if (done.status === 'to_grade' && e.status === 'ended') await grade(db, id as number, paper, Number(done.objective_score), e.pass, ctx.rnd);
    }
  }
}

function wrongAnswer(item: PaperItem): string {
  if (item.type === 'judge') return item.answer === '正确' ? '错误' : '正确';
  if (item.type === 'single' || item.type === 'multiple') return item.options.find((o) => !item.answer.includes(o.label))?.label ?? '';
  if (item.type === 'fill') return '不清楚';
  return '按公司规定处理，及时上报。';
}

async function grade(db: AnyDB, id: number, paper: PaperItem[], objective: number, pass: number, rnd: () => number): Promise<void> {
  let subjective = 0;
  for (const p of paper) {
    if (OBJECTIVE.has(p.type)) continue;
    p.got = p.given === p.answer ? p.score : Math.round(p.score * (0.3 + rnd() * 0.4));
    subjective += p.got;
  }
  const score = objective + subjective;
  await db.updateTable('exam_record').set({ paper: JSON.stringify(paper), subjective_score: subjective, score, passed: score >= pass ? 1 : 0, status: 'done', grader_id: DEMO_STAFF.peixun }).where('id', '=', id).execute();
}
