import { registerValidateRules, type Form, type GeneralField } from '@formily/core';

/**
 * An edit form shows personal data as the detail answered it: masked (issue 40). Sent back
 * unchanged, a masked value means "keep the stored one" (the server restores it), so the field's
 * pattern lets exactly that value through: nobody retypes a mobile number to correct a name.
 */
const shownMasked = new WeakMap<Form, Map<string, string>>();

/** Notes the masked values (fields named in the resource's `masked`) a loaded record filled `form` with. */
export function rememberMaskedValues(form: Form, record: Record<string, unknown>, masked: Record<string, string> | undefined): void {
  const values = new Map<string, string>();
  for (const name of Object.keys(masked ?? {})) {
    const value = record[name];
    if (typeof value === 'string' && value.includes('*')) values.set(name, value);
  }
  shownMasked.set(form, values);
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

// Formily's own `pattern` rule, with the one exception above.
registerValidateRules({
  pattern(value: unknown, rule: { pattern?: string | RegExp; message?: string }, context: { field?: GeneralField; form?: Form }) {
    if (isEmpty(value)) return '';
    const { field, form } = context ?? {};
    if (field && form && shownMasked.get(form)?.get(field.path.toString()) === value) return '';
    return new RegExp(rule.pattern ?? '').test(String(value)) ? '' : (rule.message ?? '');
  },
});
