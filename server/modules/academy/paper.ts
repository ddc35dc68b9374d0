import { randomInt } from 'node:crypto';
import type { AnyDB } from '../../engine/hooks.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { QuestionOption } from './hooks/question.ts';

/** Objective types are scored by the server; short answers wait for a grader. */
export const OBJECTIVE = new Set(['single', 'multiple', 'judge', 'fill']);
export const TYPE_NAMES: Record<string, string> = { single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题', essay: '简答题' };

export interface PaperRule {
  bank_id: number;
  type: string;
  count: number;
  score: number;
}

/** One question of a candidate's paper as stored (answers included: it never leaves the server whole). */
export interface PaperItem {
  question_id: number;
  type: string;
  stem: string;
  options: { label: string; content: string }[];
  answer: string;
  analysis: string;
  score: number;
  given: string;
  got: number | null;
}

interface QuestionRow {
  id: number;
  bank_id: number;
  type: string;
  stem: string;
  options: string | null;
  answer: string | null;
  analysis: string | null;
  default_score: number;
}

const item = (q: QuestionRow, score: number): PaperItem => ({
  question_id: q.id,
  type: q.type,
  stem: q.stem,
  options: (JSON.parse(q.options ?? '[]') as QuestionOption[]).map((o) => ({ label: o.label ?? '', content: o.content })),
  answer: q.answer ?? '',
  analysis: q.analysis ?? '',
  score,
  given: '',
  got: null,
});

const enabledQuestions = (q: AnyDB) => q.selectFrom('question').select(['id', 'bank_id', 'type', 'stem', 'options', 'answer', 'analysis', 'default_score']).where('enabled', '=', 1);

/** Refuses rules a bank cannot fill (「题库「消防安全」的单选题只有 3 道，抽题规则要 5 道」). */
export async function checkRules(q: AnyDB, rules: PaperRule[]): Promise<void> {
  if (!rules.length) throw badRequest('随机组卷须至少有一条抽题规则');
  const seen = new Set<string>();
  for (const r of rules) {
    const key = `${r.bank_id}:${r.type}`;
    if (seen.has(key)) throw badRequest('同一题库的同一题型只能有一条抽题规则');
    seen.add(key);
    const bank = await q.selectFrom('question_bank').select('name').where('id', '=', r.bank_id).executeTakeFirst();
    if (!bank) throw badRequest('抽题规则中的题库不存在或已被删除');
    const { n } = (await q.selectFrom('question').select((eb) => eb.fn.countAll<number>().as('n')).where('bank_id', '=', r.bank_id).where('type', '=', r.type).where('enabled', '=', 1).executeTakeFirstOrThrow()) as { n: number };
    if (Number(n) < r.count) throw badRequest(`题库「${bank.name}」的${TYPE_NAMES[r.type]}只有 ${n} 道，抽题规则要 ${r.count} 道`);
  }
}

/** A uniform random choice of `count` of the rows (partial Fisher–Yates with crypto randomness). */
function sample<T>(rows: T[], count: number, below: (n: number) => number): T[] {
  const a = [...rows];
  for (let i = 0; i < count; i++) {
    const j = i + below(a.length - i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, count);
}

/**
 * Draws one candidate's paper: the fixed questions at their default scores, or each rule's count
 * drawn at random from its bank and type (`below(n)`: a random integer in [0, n); the demo seed passes its own).
 */
export async function drawPaper(q: AnyDB, exam: { paper_mode: string; question_ids: string | null; rules: string | null }, below: (n: number) => number = (n) => randomInt(n)): Promise<PaperItem[]> {
  if (exam.paper_mode === 'fixed') {
    const ids = JSON.parse(exam.question_ids ?? '[]') as number[];
    const rows = (await enabledQuestions(q).where('id', 'in', [...ids, 0]).execute()) as QuestionRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.filter((id) => byId.has(id)).map((id) => item(byId.get(id)!, byId.get(id)!.default_score));
  }
  const paper: PaperItem[] = [];
  for (const rule of JSON.parse(exam.rules ?? '[]') as PaperRule[]) {
    const rows = (await enabledQuestions(q).where('bank_id', '=', rule.bank_id).where('type', '=', rule.type).execute()) as QuestionRow[];
    if (rows.length < rule.count) throw badRequest('题库中的题目已不足以按规则组卷，请联系培训管理员');
    paper.push(...sample(rows, rule.count, below).map((r) => item(r, rule.score)));
  }
  return paper;
}

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/**
 * The score of one objective answer: choices must match exactly (a multiple-choice answer with
 * a wrong or missing choice scores nothing); a fill-in answer matches blank by blank (| between
 * blanks, / between accepted answers of one blank), each blank worth its share.
 */
export function scoreObjective(item: PaperItem, given: string): number {
  if (item.type === 'single' || item.type === 'judge') return given === item.answer ? item.score : 0;
  if (item.type === 'multiple') return [...given].sort().join('') === [...item.answer].sort().join('') ? item.score : 0;
  const blanks = item.answer.split('|');
  const answers = given.split('|');
  const right = blanks.filter((b, i) => b.split('/').some((ok) => norm(ok) === norm(answers[i] ?? '') && norm(ok) !== '')).length;
  return Math.round((item.score * right * 100) / blanks.length) / 100;
}

/** What a candidate sees of an item: no answer, no analysis, no score got. */
export const forCandidate = (p: PaperItem, index: number) => ({ index, type: p.type, stem: p.stem, options: p.options, score: p.score, given: p.given });

/** The answer a candidate sent, in the form the paper stores: choices as sorted labels (AC), a true/false as 正确 / 错误, text trimmed. */
export function givenText(item: PaperItem, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (item.type === 'multiple') return [...new Set((Array.isArray(value) ? value : [...String(value)]).map(String))].filter((l) => item.options.some((o) => o.label === l)).sort().join('');
  if (item.type === 'single') return item.options.some((o) => o.label === String(value)) ? String(value) : '';
  if (item.type === 'judge') {
    const byLabel = item.options.find((o) => o.label === String(value))?.content;
    return byLabel ?? (['正确', '错误'].includes(String(value)) ? String(value) : '');
  }
  return String(value).trim().slice(0, 2000);
}
