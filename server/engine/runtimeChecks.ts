import type { ResourceDef, ResourceField } from '../../src/shared/schemaTypes.ts';

/**
 * The schema lint's checks of run-time forms (`form`, `answersTo`) and recurring generation
 * (`schedule`), across resources: each problem as [JSON pointer, sentence].
 */
export function runtimeProblems(resource: ResourceDef, resources: ReadonlyMap<string, ResourceDef>): [string, string][] {
  const out: [string, string][] = [];
  const fields = resource.fields ?? {};
  for (const [name, field] of Object.entries(fields)) {
    const at = `/fields/${name}`;
    if ((field.form || field.answersTo) && field.type !== 'json') out.push([at, '"form" and "answersTo" are for JSON fields']);
    if ((field.form || field.answersTo) && field.shape) out.push([`${at}/shape`, 'a run-time form or its answers have the engine\'s shape; drop "shape"']);
    if (field.form && field.answersTo) out.push([at, 'a field is a form or answers to one, not both']);
    if (!field.answersTo) continue;
    const { ref, form, version } = field.answersTo;
    const refField = fields[ref];
    const parent = refField?.ref ? resources.get(refField.ref) : undefined;
    if (!parent) out.push([`${at}/answersTo/ref`, `"${ref}" is not a field of this resource that refers to another resource`]);
    else if (!parent.fields[form]?.form) out.push([`${at}/answersTo/form`, `"${form}" is not a field of "${parent.name}" declared "form": true`]);
    const v = fields[version];
    if (!v || v.type !== 'integer' || !v.auto) out.push([`${at}/answersTo/version`, `"${version}" must be an integer field of this resource marked "auto" (the server writes it)`]);
  }
  const s = resource.schedule;
  if (!s) return out;
  const child = resources.get(s.child);
  if (!child) return [...out, ['/schedule/child', `resource "${s.child}" does not exist`]];
  const childField = (name: string | undefined, pointer: string, check?: (f: ResourceField) => string | null) => {
    if (name === undefined) return;
    const f = child.fields[name];
    if (!f) return out.push([pointer, `"${name}" is not a field of "${child.name}"`]);
    const problem = check?.(f);
    if (problem) out.push([pointer, problem]);
  };
  const parentField = (name: string | undefined, pointer: string, types: string[]) => {
    if (name === undefined) return;
    const f = fields[name];
    if (!f) out.push([pointer, `"${name}" is not a field of this resource`]);
    else if (!types.includes(f.type)) out.push([pointer, `"${name}" must be of type ${types.join(' or ')}`]);
  };
  childField(s.parentField, '/schedule/parentField', (f) => (f.ref === resource.name ? null : `"${s.parentField}" must refer to "${resource.name}" ("ref")`));
  childField(s.periodField, '/schedule/periodField', (f) =>
    f.type === 'string' && Array.isArray(f.unique) && f.unique.length === 1 && f.unique[0] === s.parentField ? null : `"${s.periodField}" must be a string field with "unique": ["${s.parentField}"] (one child per parent and period)`,
  );
  childField(s.startField, '/schedule/startField', (f) => (f.type === 'datetime' ? null : 'must be a datetime field'));
  childField(s.endField, '/schedule/endField', (f) => (f.type === 'datetime' ? null : 'must be a datetime field'));
  for (const [to, from] of Object.entries(s.copy ?? {})) {
    childField(to, `/schedule/copy/${to}`);
    parentField(from, `/schedule/copy/${to}`, ['string', 'text', 'integer', 'number', 'boolean', 'datetime', 'json']);
  }
  for (const to of Object.keys(s.set ?? {})) childField(to, `/schedule/set/${to}`);
  const r = s.rule;
  parentField(r.period, '/schedule/rule/period', ['string']);
  parentField(r.days, '/schedule/rule/days', ['json']);
  parentField(r.startDate, '/schedule/rule/startDate', ['string']);
  parentField(r.endDate, '/schedule/rule/endDate', ['string']);
  parentField(r.startTime, '/schedule/rule/startTime', ['string']);
  parentField(r.endTime, '/schedule/rule/endTime', ['string']);
  parentField(r.leadMinutes, '/schedule/rule/leadMinutes', ['integer']);
  const period = fields[r.period];
  const stranger = period?.enum && Object.keys(period.enum).find((k) => !['day', 'week', 'month', 'fixed'].includes(k));
  if (stranger) out.push(['/schedule/rule/period', `"${r.period}" offers "${stranger}"; a period is day, week, month or fixed`]);
  (s.when ?? []).forEach((c, i) => {
    if (!fields[c.field] && c.field !== 'enabled') out.push([`/schedule/when/${i}/field`, `"${c.field}" is not a field of this resource`]);
  });
  return out;
}
