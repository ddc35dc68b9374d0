// What every version of the bench screens shows (the product's JSON pages and both peers).
export const LIST_COLUMNS = 20;
export const LIST_ROWS = 100;
export const FILTER_FIELDS = 6;
export const FORM_FIELDS = 200;
export const WIDE_COLUMNS = 40;
export const WIDE_ROWS = 10_000;

/** The three kinds of field of the big form, in turn. */
export const FORM_KINDS = ['Input', 'Select', 'DatePicker'] as const;
export const SELECT_OPTIONS = [
  { label: '甲', value: 'a' },
  { label: '乙', value: 'b' },
];

export const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
export const columnTitle = (i: number) => `字段${i}`;
export const fieldTitle = (i: number) => `表单字段${i}`;
export const formKind = (i: number) => FORM_KINDS[(i - 1) % FORM_KINDS.length]!;

/** The list endpoint of the bench resource, as the product calls it. */
export const LIST_PATH = '/api/basis/benchRow/list';
