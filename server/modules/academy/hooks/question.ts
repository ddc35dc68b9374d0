import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';

export interface QuestionOption {
  label?: string;
  content: string;
  is_right?: boolean;
}

const LABELS = 'ABCDEFGH';
/** The two fixed choices of a true/false question, in the order a paper shows them. */
export const JUDGE_CHOICES = ['正确', '错误'];

const parse = (value: unknown): QuestionOption[] => (typeof value === 'string' ? (JSON.parse(value) as QuestionOption[]) : ((value as QuestionOption[] | null) ?? []));

/**
 * Checks a question's options and answer against its type and completes them: choices are
 * labelled A, B, C… in order and the answer of a choice question is its right labels (AC); a
 * true/false question answers 正确 or 错误 and gets those two options; fill-in and short-answer
 * questions have no options. `values` are the columns about to be written (JSON as text).
 */
export function settleQuestion(values: Row, current: Row | null): void {
  const type = String(values.type ?? current?.type);
  const options = parse(values.options !== undefined ? values.options : current?.options);
  const answer = String(values.answer !== undefined ? (values.answer ?? '') : (current?.answer ?? '')).trim();
  if (type === 'single' || type === 'multiple') {
    if (options.length < 2) throw badRequest(`${type === 'single' ? '单选题' : '多选题'}至少需要两个选项`);
    const contents = options.map((o) => o.content.trim());
    if (new Set(contents).size !== contents.length) throw badRequest('选项内容不能重复');
    const right = options.filter((o) => o.is_right).length;
    if (type === 'single' && right !== 1) throw badRequest('单选题须有且只有一个正确选项');
    if (type === 'multiple' && right < 2) throw badRequest('多选题至少需要两个正确选项');
    const labelled = options.map((o, i) => ({ label: LABELS[i]!, content: o.content.trim(), is_right: !!o.is_right }));
    values.options = JSON.stringify(labelled);
    values.answer = labelled.filter((o) => o.is_right).map((o) => o.label).join('');
    return;
  }
  if (type === 'judge') {
    if (!JUDGE_CHOICES.includes(answer)) throw badRequest('判断题的参考答案须为「正确」或「错误」');
    values.options = JSON.stringify(JUDGE_CHOICES.map((c, i) => ({ label: LABELS[i]!, content: c, is_right: c === answer })));
    values.answer = answer;
    return;
  }
  if (type === 'fill' && !answer) throw badRequest('填空题须填写参考答案（多个空用 | 分隔，同一空的多种答案用 / 分隔）');
  values.options = JSON.stringify([]);
}

/** Questions: options settled by type on every write (forms and nested import), the author kept as the contributor. */
export const questionHooks: ResourceHooks = {
  beforeSave({ values, current, staff, id }) {
    settleQuestion(values, current);
    if (id === null) values.contributor_id = staff.id || null;
  },
};
