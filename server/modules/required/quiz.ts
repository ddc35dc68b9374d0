import { badRequest } from '../../platform/http/envelope.ts';

/** One quiz question as the course stores it: its options, the right ones marked. */
export interface QuizQuestion {
  question: string;
  type: 'single' | 'multiple' | 'judge';
  options: { text: string; right?: boolean }[];
}

/** A question as the reader receives it: no mark of which option is right. */
export interface QuizForReader {
  index: number;
  question: string;
  type: QuizQuestion['type'];
  options: string[];
}

export const parseQuiz = (value: unknown): QuizQuestion[] => {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(raw) ? (raw as QuizQuestion[]) : [];
};

const TYPE_TEXT = { single: '单选题', multiple: '多选题', judge: '判断题' } as const;

/** Refuses a quiz whose right options do not fit each question's type. */
export function checkQuiz(quiz: QuizQuestion[]): void {
  quiz.forEach((q, i) => {
    const name = `第 ${i + 1} 道测验题（${TYPE_TEXT[q.type]}）`;
    const right = q.options.filter((o) => o.right).length;
    const texts = q.options.map((o) => o.text.trim());
    if (new Set(texts).size !== texts.length) throw badRequest(`${name}的选项有重复`);
    if (q.type === 'judge' && q.options.length !== 2) throw badRequest(`${name}须有且只有两个选项（如「正确」「错误」）`);
    if (q.type !== 'multiple' && right !== 1) throw badRequest(`${name}须有且只有一个正确选项`);
    if (q.type === 'multiple' && right < 2) throw badRequest(`${name}至少需要两个正确选项`);
  });
}

/** The quiz without its answers: all a reader's browser is ever sent. */
export const quizForReader = (quiz: QuizQuestion[]): QuizForReader[] => quiz.map((q, index) => ({ index, question: q.question, type: q.type, options: q.options.map((o) => o.text) }));

/**
 * Scores a reader's answers on the server: each question right when exactly its right options
 * were chosen (by option number, from 0). Answers the number right and the score out of 100.
 */
export function scoreQuiz(quiz: QuizQuestion[], answers: number[][]): { right: number; score: number } {
  if (answers.length !== quiz.length) throw badRequest(`请回答全部 ${quiz.length} 道测验题`);
  let right = 0;
  quiz.forEach((q, i) => {
    const chosen = [...new Set(answers[i]!)];
    if (!chosen.length) throw badRequest(`第 ${i + 1} 道测验题未作答`);
    if (chosen.some((c) => c >= q.options.length)) throw badRequest(`第 ${i + 1} 道测验题没有所选的选项`);
    if (q.type !== 'multiple' && chosen.length > 1) throw badRequest(`第 ${i + 1} 道测验题只能选一个选项`);
    const expected = q.options.flatMap((o, k) => (o.right ? [k] : []));
    if (chosen.length === expected.length && expected.every((k) => chosen.includes(k))) right += 1;
  });
  return { right, score: quiz.length ? Math.round((100 * right) / quiz.length) : 100 };
}
