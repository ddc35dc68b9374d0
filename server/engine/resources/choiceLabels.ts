import type { ResourceDef } from '../../../src/shared/schemaTypes.ts';
import type { AnyDB, Row } from '../hooks.ts';
import { dictItems } from './values.ts';

/**
 * Multi-selects (a `json` field with `enum` or `dict`) answered with "<field>_label", their
 * values' names joined by 、 (投影仪、白板), as link fields are: a list or detail shows names,
 * never the stored JSON.
 */
export function choiceLabels(db: AnyDB, resource: ResourceDef) {
  const choices = Object.entries(resource.fields).filter(([, f]) => f.type === 'json' && !f.through && (f.enum || f.dict));
  return async function withChoiceLabels(rows: Row[]): Promise<Row[]> {
    if (!choices.length || !rows.length) return rows;
    for (const [name, f] of choices) {
      const names = f.enum ? new Map(Object.entries(f.enum)) : new Map((await dictItems(db, f.dict!)).map((i) => [i.value, i.label]));
      for (const row of rows) {
        const value = row[name];
        row[`${name}_label`] = Array.isArray(value) ? value.map((v) => names.get(String(v)) ?? String(v)).join('、') : null;
      }
    }
    return rows;
  };
}
