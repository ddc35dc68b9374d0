import type { JsonShape } from './schemaTypes.ts';

/**
 * Forms defined at run time (issue 31, capability 2): a record's field (`"form": true`) holds a
 * form a staff member built in the form designer, and another resource's field (`answersTo`)
 * holds answers to it. The definition is plain JSON over the same component names as page
 * forms; the browser renders it with the page forms' field registry (DynamicForm) and the server
 * checks answers against the version of the form they were given for. No React here: the server,
 * the lint and the browser share it.
 */

/** The registered components a designed form may use, with the designer's Chinese names. */
export const RUNTIME_COMPONENTS = {
  'Radio.Group': '单选',
  'Checkbox.Group': '多选',
  Select: '下拉选择',
  DictSelect: '字典选择',
  NumberPicker: '评分/数字',
  Input: '单行文本',
  'Input.TextArea': '多行文本',
  DatePicker: '日期',
  Switch: '是/否',
} as const;

export type RuntimeComponent = keyof typeof RUNTIME_COMPONENTS;

/** Components whose answer is one or several of the item's options. */
export const CHOICE_COMPONENTS: readonly RuntimeComponent[] = ['Radio.Group', 'Checkbox.Group', 'Select'];
/** Components whose answer is free text (the XSS suites plant payloads there). */
export const TEXT_COMPONENTS: readonly RuntimeComponent[] = ['Input', 'Input.TextArea'];

export interface RuntimeFormItem {
  /** The answer's key. @pattern ^[a-z][a-z0-9_]{0,31}$ */
  key: string;
  component: RuntimeComponent;
  /** The question or check item as shown. */
  label: string;
  required?: boolean;
  /** The choices of a choice component. */
  options?: string[];
  /** Choices that flag the answer for a follow-up (预警选项): a subset of options. */
  alarm?: string[];
  /** A DictSelect's dictionary code. */
  dict?: string;
  /** Longest text answer (default 200, a text area 1000). */
  maxLength?: number;
  /** A number's bounds (a score from 1 to 5: minimum 1, maximum 5). */
  minimum?: number;
  maximum?: number;
  /** Skip logic: shown (and asked) only when the answer to `key` is one of `in`. */
  showWhen?: { key: string; in: string[] };
}

export interface RuntimeForm {
  items: RuntimeFormItem[];
}

export const MAX_FORM_ITEMS = 60;
const TEXT_LIMIT = { Input: 200, 'Input.TextArea': 1000 } as const;

/** Longest text answer an item takes. */
export const textLimit = (item: RuntimeFormItem): number => item.maxLength ?? (TEXT_LIMIT as Record<string, number>)[item.component] ?? 200;

const text = (maxLength: number): JsonShape => ({ type: 'string', maxLength });
const texts = (maxItems: number, maxLength: number): JsonShape => ({ type: 'array', maxItems, items: text(maxLength) });

/** The declared shape of a definition (a `form` field's value); the server's checks go further (formProblems). */
export const RUNTIME_FORM_SHAPE: JsonShape = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      maxItems: MAX_FORM_ITEMS,
      items: {
        type: 'object',
        required: ['key', 'component', 'label'],
        properties: {
          key: { type: 'string', maxLength: 32, pattern: '^[a-z][a-z0-9_]{0,31}$' },
          component: { type: 'string', enum: Object.keys(RUNTIME_COMPONENTS) },
          label: text(100),
          required: { type: ['boolean', 'null'] },
          options: texts(20, 50),
          alarm: texts(20, 50),
          dict: { type: ['string', 'null'], maxLength: 50 },
          maxLength: { type: ['integer', 'null'], minimum: 1, maximum: 2000 },
          minimum: { type: ['number', 'null'], minimum: -1_000_000, maximum: 1_000_000 },
          maximum: { type: ['number', 'null'], minimum: -1_000_000, maximum: 1_000_000 },
          showWhen: { type: ['object', 'null'], required: ['key', 'in'], properties: { key: { type: 'string', maxLength: 32 }, in: texts(20, 50) } },
        },
      },
    },
  },
};

/** What is wrong with a definition beyond its shape, in Chinese (empty: nothing). */
export function formProblems(form: RuntimeForm): string[] {
  const problems: string[] = [];
  if (!form.items.length) problems.push('表单至少需要一个题目');
  const seen = new Set<string>();
  form.items.forEach((item, index) => {
    const at = `第 ${index + 1} 题「${item.label || '未命名'}」`;
    if (!item.label.trim()) problems.push(`第 ${index + 1} 题请填写标题`);
    if (seen.has(item.key)) problems.push(`${at}的编码「${item.key}」重复`);
    seen.add(item.key);
    const options = item.options ?? [];
    if (CHOICE_COMPONENTS.includes(item.component)) {
      if (options.length < 2) problems.push(`${at}至少需要 2 个选项`);
      if (new Set(options).size !== options.length) problems.push(`${at}的选项有重复`);
      if (options.some((o) => !o.trim())) problems.push(`${at}的选项不能为空`);
      const stranger = (item.alarm ?? []).find((a) => !options.includes(a));
      if (stranger) problems.push(`${at}的预警选项「${stranger}」不在选项中`);
    }
    if (item.component === 'DictSelect' && !item.dict) problems.push(`${at}请选择字典`);
    if (item.minimum != null && item.maximum != null && item.minimum > item.maximum) problems.push(`${at}的最小值不能大于最大值`);
    if (item.showWhen) {
      const before = form.items.slice(0, index).find((i) => i.key === item.showWhen!.key);
      if (!before) problems.push(`${at}的显示条件须引用在它之前的题目`);
    }
  });
  return problems;
}

export type Answers = Record<string, unknown>;

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Whether an item is asked, given the answers so far (skip logic). */
export function isAsked(item: RuntimeFormItem, answers: Answers): boolean {
  if (!item.showWhen) return true;
  const given = answers[item.showWhen.key];
  return [given].flat().some((v) => item.showWhen!.in.includes(String(v)));
}

/**
 * The JSON schema of the answers to a form (ajv checks it): each asked item's value by its
 * component, required ones required, no other keys. Dictionary values are checked apart.
 */
export function answersSchema(form: RuntimeForm, answers: Answers): Record<string, unknown> {
  const asked = form.items.filter((i) => isAsked(i, answers));
  const properties = Object.fromEntries(asked.map((item) => [item.key, itemSchema(item)]));
  return { type: 'object', additionalProperties: false, properties, required: asked.filter((i) => i.required).map((i) => i.key) };
}

function itemSchema(item: RuntimeFormItem): Record<string, unknown> {
  const options = item.options ?? [];
  switch (item.component) {
    case 'Radio.Group':
    case 'Select':
      return { type: 'string', enum: options };
    case 'Checkbox.Group':
      return { type: 'array', uniqueItems: true, maxItems: options.length, items: { type: 'string', enum: options } };
    case 'NumberPicker':
      return { type: 'number', ...(item.minimum != null ? { minimum: item.minimum } : {}), ...(item.maximum != null ? { maximum: item.maximum } : {}) };
    case 'DatePicker':
      return { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
    case 'Switch':
      return { type: 'boolean' };
    case 'DictSelect':
      return { type: 'string', maxLength: 100 };
    default:
      return { type: 'string', maxLength: textLimit(item) };
  }
}

/** Answers less the empty ones (an unanswered optional item is not sent). */
export const filledAnswers = (answers: Answers): Answers => Object.fromEntries(Object.entries(answers).filter(([, v]) => !empty(v)));

/** The Chinese message for one failed check of an answer, naming the item. */
export function answerIssue(form: RuntimeForm, issue: { keyword: string; instancePath: string; params: Record<string, unknown> }): string {
  const key = issue.keyword === 'required' ? String(issue.params.missingProperty) : issue.keyword === 'additionalProperties' ? String(issue.params.additionalProperty) : issue.instancePath.split('/')[1] ?? '';
  const item = form.items.find((i) => i.key === key);
  if (!item) return `表单中没有题目「${key}」`;
  const name = `「${item.label}」`;
  if (issue.keyword === 'additionalProperties') return `${name}按跳题规则不需要回答`;
  switch (issue.keyword) {
    case 'required':
      return `${name}为必答题`;
    case 'enum':
      return `${name}的答案不在选项中`;
    case 'maxLength':
      return `${name}不能超过 ${textLimit(item)} 个字`;
    case 'minimum':
    case 'maximum':
      return `${name}应在 ${item.minimum ?? '-∞'} 到 ${item.maximum ?? '∞'} 之间`;
    case 'pattern':
      return `${name}请按 2026-10-01 的格式填写`;
    case 'uniqueItems':
      return `${name}的选项有重复`;
    default:
      return `${name}的答案格式不正确`;
  }
}

/**
 * The Formily fields that render a form with the page forms' registry: the item's component,
 * its options as the enum, required, length and bounds (skip logic is DynamicForm's, by isAsked).
 */
export function formilyFields(form: RuntimeForm): Record<string, unknown> {
  return Object.fromEntries(
    form.items.map((item) => {
      const props: Record<string, unknown> = {};
      if (item.component === 'DictSelect') props.dict = item.dict;
      if (TEXT_COMPONENTS.includes(item.component)) props.maxLength = textLimit(item);
      if (item.component === 'NumberPicker') Object.assign(props, { min: item.minimum ?? undefined, max: item.maximum ?? undefined });
      if (item.component === 'DatePicker') props.valueFormat = 'YYYY-MM-DD';
      const field: Record<string, unknown> = {
        type: item.component === 'Checkbox.Group' ? 'array' : item.component === 'NumberPicker' ? 'number' : item.component === 'Switch' ? 'boolean' : 'string',
        title: item.label,
        required: !!item.required,
        'x-decorator': 'FormItem',
        'x-component': item.component,
        'x-component-props': props,
      };
      if (CHOICE_COMPONENTS.includes(item.component)) field.enum = (item.options ?? []).map((o) => ({ label: o, value: o }));
      return [item.key, field];
    }),
  );
}
