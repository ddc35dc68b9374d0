import type { RuntimeForm } from '../../shared/runtimeForm.ts';
import type { FillField } from '../../shared/sealFillField.ts';

export type { FillField };

export const FILL_TYPES: { label: string; value: FillField['type'] }[] = [
  { label: '文本', value: 'text' },
  { label: '日期', value: 'date' },
  { label: '金额', value: 'amount' },
];

/** The fields as a form the applicant fills: a text box, a date picker, an amount of at most two decimals. */
export const fillForm = (fields: FillField[]): RuntimeForm => ({
  items: fields.map((f) =>
    f.type === 'date'
      ? { key: f.name, component: 'DatePicker', label: f.label, required: f.required }
      : f.type === 'amount'
        ? { key: f.name, component: 'NumberPicker', label: `${f.label}（元）`, required: f.required, minimum: 0 }
        : { key: f.name, component: 'Input', label: f.label, required: f.required, maxLength: 200 },
  ),
});
