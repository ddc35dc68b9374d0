import { badRequest } from '../../platform/http/envelope.ts';

/**
 * A questionnaire's questions, as stored (questionnaire.questions) and checked: single and
 * multiple choice with their options, a score from 1 to maxScore, free text. A question marks
 * the customer as dissatisfied by its alarm options (chosen) or its pass score (scored below it).
 */
export type QuestionType = 'single' | 'multiple' | 'score' | 'text';

export interface Question {
  key: string;
  type: QuestionType;
  title: string;
  required: boolean;
  options: string[];
  alarmOptions: string[];
  maxScore: number;
  passScore: number;
}

export const QUESTION_TYPES: Record<QuestionType, string> = { single: '单选', multiple: '多选', score: '评分', text: '问答' };
const MAX_QUESTIONS = 30;
const MAX_TEXT = 500;

type Loose = Record<string, unknown>;

/** A list given as an array or as text separated by commas (the form's tags or typed text). */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,，、\n]/) : [];
  return items.map((v) => String(v ?? '').trim()).filter(Boolean);
}

/** Checks and normalises the questions of a questionnaire; keys stay stable and new ones follow the largest. */
export function normaliseQuestions(input: unknown): Question[] {
  if (!Array.isArray(input) || input.length === 0) throw badRequest('问卷至少需要一道题目');
  if (input.length > MAX_QUESTIONS) throw badRequest(`问卷最多 ${MAX_QUESTIONS} 道题目`);
  const used = new Set<string>();
  let next = Math.max(0, ...input.map((q) => Number(/^q(\d+)$/.exec(String((q as Loose)?.key ?? ''))?.[1] ?? 0))) + 1;
  return input.map((raw, index) => {
    const q = (raw ?? {}) as Loose;
    const no = `第 ${index + 1} 题`;
    const title = String(q.title ?? '').trim();
    if (!title) throw badRequest(`${no}请填写题目`);
    if (title.length > 100) throw badRequest(`${no}的题目不能超过 100 个字`);
    const type = String(q.type ?? '') as QuestionType;
    if (!(type in QUESTION_TYPES)) throw badRequest(`${no}请选择题型（单选、多选、评分或问答）`);
    let key = String(q.key ?? '');
    if (!/^q\d+$/.test(key) || used.has(key)) key = `q${next++}`;
    used.add(key);
    const question: Question = { key, type, title, required: q.required !== false, options: [], alarmOptions: [], maxScore: 0, passScore: 0 };
    if (type === 'single' || type === 'multiple') {
      const options = list(q.options);
      if (options.length < 2 || options.length > 10) throw badRequest(`${no}「${title}」需要 2 到 10 个选项`);
      if (new Set(options).size !== options.length) throw badRequest(`${no}「${title}」的选项有重复`);
      const long = options.find((o) => o.length > 30);
      if (long) throw badRequest(`${no}的选项「${long.slice(0, 10)}…」不能超过 30 个字`);
      const alarm = list(q.alarmOptions);
      const stranger = alarm.find((a) => !options.includes(a));
      if (stranger) throw badRequest(`${no}的不满意选项「${stranger}」不在选项中`);
      Object.assign(question, { options, alarmOptions: alarm });
    }
    if (type === 'score') {
      const maxScore = q.maxScore === undefined || q.maxScore === null || q.maxScore === '' ? 5 : Number(q.maxScore);
      if (maxScore !== 5 && maxScore !== 10) throw badRequest(`${no}「${title}」的满分只能是 5 分或 10 分`);
      const passScore = q.passScore === undefined || q.passScore === null || q.passScore === '' ? Math.ceil(maxScore * 0.6) : Number(q.passScore);
      if (!Number.isInteger(passScore) || passScore < 1 || passScore > maxScore) throw badRequest(`${no}「${title}」的及格分应为 1 到 ${maxScore} 的整数`);
      Object.assign(question, { maxScore, passScore });
    }
    return question;
  });
}

export interface AnswerRow {
  question: Question;
  no: number;
  /** What is shown: the option(s), the score, the text. */
  answer: string;
  score: number | null;
  alarm: boolean;
}

export interface CheckedAnswers {
  rows: AnswerRow[];
  /** Why the customer counts as dissatisfied; empty when satisfied. */
  complaints: string[];
  /** Average of the score questions on a 5-point scale, one decimal; null without any. */
  score: number | null;
  /** The answers as stored on the visit: key → value. */
  values: Record<string, string | string[] | number>;
}

/** Checks a filled questionnaire against its questions (every refusal names the question) and scores it. */
export function checkAnswers(questions: Question[], answers: Record<string, unknown>): CheckedAnswers {
  const known = new Set(questions.map((q) => q.key));
  if (Object.keys(answers).some((k) => !known.has(k))) throw badRequest('答卷中有问卷以外的题目，请刷新页面后重新填写');
  const rows: AnswerRow[] = [];
  const complaints: string[] = [];
  const values: CheckedAnswers['values'] = {};
  const scores: number[] = [];
  questions.forEach((q, index) => {
    const no = index + 1;
    const name = `第 ${no} 题「${q.title}」`;
    const value = answers[q.key];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (q.required) throw badRequest(`请回答${name}`);
      return;
    }
    let row: AnswerRow;
    if (q.type === 'single') {
      if (typeof value !== 'string' || !q.options.includes(value)) throw badRequest(`${name}的选项不正确`);
      row = { question: q, no, answer: value, score: null, alarm: q.alarmOptions.includes(value) };
      values[q.key] = value;
    } else if (q.type === 'multiple') {
      const chosen = Array.isArray(value) ? value.map(String) : [];
      if (!chosen.length || chosen.some((c) => !q.options.includes(c)) || new Set(chosen).size !== chosen.length) throw badRequest(`${name}的选项不正确`);
      const ordered = q.options.filter((o) => chosen.includes(o));
      row = { question: q, no, answer: ordered.join('、'), score: null, alarm: ordered.some((o) => q.alarmOptions.includes(o)) };
      values[q.key] = ordered;
    } else if (q.type === 'score') {
      const score = Number(value);
      if (!Number.isInteger(score) || score < 1 || score > q.maxScore) throw badRequest(`${name}请打 1 到 ${q.maxScore} 分`);
      scores.push((score / q.maxScore) * 5);
      row = { question: q, no, answer: `${score} 分`, score, alarm: score < q.passScore };
      values[q.key] = score;
    } else {
      const text = String(value).trim();
      if (text.length > MAX_TEXT) throw badRequest(`${name}的回答不能超过 ${MAX_TEXT} 个字`);
      if (!text) {
        if (q.required) throw badRequest(`请回答${name}`);
        return;
      }
      row = { question: q, no, answer: text, score: null, alarm: false };
      values[q.key] = text;
    }
    if (row.alarm) complaints.push(`「${q.title}」${q.type === 'score' ? `仅 ${row.score} 分` : `选择了「${row.answer}」`}`);
    rows.push(row);
  });
  const score = scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null;
  return { rows, complaints, score, values };
}

/** The stored questions of a questionnaire (a JSON column), tolerating text written by hand. */
export function storedQuestions(value: unknown): Question[] {
  try {
    const parsed = typeof value === 'string' ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? (parsed as Question[]) : [];
  } catch {
    return [];
  }
}
