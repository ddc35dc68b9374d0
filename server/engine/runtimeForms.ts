import Ajv from 'ajv';
import type { ResourceDef, ResourceField } from '../../src/shared/schemaTypes.ts';
import { answerIssue, answersSchema, formProblems, RUNTIME_FORM_SHAPE, type Answers, type RuntimeForm } from '../../src/shared/runtimeForm.ts';
import { badRequest } from '../platform/http/envelope.ts';
import type { AnyDB, Row } from './hooks.ts';
import { shapeSchema } from './jsonShapes.ts';

/**
 * The server side of run-time forms (issue 31, capability 2): a `form` field's definition is
 * checked and versioned, an `answersTo` field's answers are checked against the form's current
 * version (the same ajv as every body), and the version is written beside them.
 */

const ajv = new Ajv({ strict: false, allErrors: false });

/** The JSON schema of a `form` or `answersTo` field's value as sent (the deeper checks follow in checkRuntimeForm). */
export function runtimeFieldSchema(field: ResourceField): Record<string, unknown> | null {
  if (field.form) return field.required ? shapeSchema(RUNTIME_FORM_SHAPE) : { anyOf: [{ type: 'null' }, shapeSchema(RUNTIME_FORM_SHAPE)] };
  if (field.answersTo) {
    // One multi-type, not anyOf: with the server's coerceTypes a string branch would turn a score 9 into "9".
    const value = { type: ['string', 'number', 'boolean', 'null', 'array'], maxLength: 2000, maxItems: 20, items: { type: 'string', maxLength: 50 } };
    const s = { type: 'object', maxProperties: 60, propertyNames: { pattern: '^[a-z][a-z0-9_]{0,31}$' }, additionalProperties: value };
    return field.required ? s : { anyOf: [{ type: 'null' }, s] };
  }
  return null;
}

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export interface FormVersion {
  version: number;
  form: RuntimeForm;
}

/** The latest version of a record's form (none kept yet: the record's own definition as version 1, kept now). */
export async function currentFormVersion(q: AnyDB, table: string, recordId: number, field: string): Promise<FormVersion | null> {
  const row = await q.selectFrom('runtime_form_version').select(['version', 'definition']).where('resource', '=', table).where('record_id', '=', recordId).where('field', '=', field).orderBy('version', 'desc').executeTakeFirst();
  if (row) return { version: row.version as number, form: parse<RuntimeForm>(row.definition) };
  const record = (await q.selectFrom(table).select(field).where('id', '=', recordId).executeTakeFirst()) as Row | undefined;
  if (!record?.[field]) return null;
  await keepVersion(q, table, recordId, field, String(record[field]), 1);
  return { version: 1, form: parse<RuntimeForm>(record[field]) };
}

/** One version of a record's form, as its answers were given for. */
export async function formVersion(q: AnyDB, table: string, recordId: number, field: string, version: number): Promise<RuntimeForm | null> {
  const row = await q.selectFrom('runtime_form_version').select('definition').where('resource', '=', table).where('record_id', '=', recordId).where('field', '=', field).where('version', '=', version).executeTakeFirst();
  return row ? parse<RuntimeForm>(row.definition) : null;
}

async function keepVersion(q: AnyDB, table: string, recordId: number, field: string, definition: string, version: number): Promise<void> {
  await q.insertInto('runtime_form_version').values({ resource: table, record_id: recordId, field, version, definition, created_at: Date.now() }).execute();
}

/** After a write: each `form` field written with a new definition becomes its record's next version. */
export async function keepFormVersions(q: AnyDB, resource: ResourceDef, id: number, written: Row): Promise<void> {
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.form || written[name] === undefined || written[name] === null) continue;
    const latest = await q.selectFrom('runtime_form_version').select(['version', 'definition']).where('resource', '=', resource.name).where('record_id', '=', id).where('field', '=', name).orderBy('version', 'desc').executeTakeFirst();
    const definition = String(written[name]);
    if (latest && JSON.stringify(parse(latest.definition)) === JSON.stringify(parse(definition))) continue;
    await keepVersion(q, resource.name, id, name, definition, ((latest?.version as number | undefined) ?? 0) + 1);
  }
}

/** Checks answers against a form, refusing with the first issue in Chinese; answers the dictionary values to check. */
export function checkAnswers(form: RuntimeForm, answers: Answers): void {
  const validate = ajv.compile(answersSchema(form, answers));
  if (!validate(answers)) throw badRequest(answerIssue(form, validate.errors![0] as never));
}

/** Before a write: a `form` field's definition beyond its shape; an `answersTo` field's answers against the current version. */
export async function checkRuntimeForm(q: AnyDB, resource: ResourceDef, name: string, field: ResourceField, values: Row, written: Row): Promise<void> {
  if (!(name in written) || written[name] === null || written[name] === undefined) return;
  if (field.form) {
    const problems = formProblems(parse<RuntimeForm>(written[name]));
    if (problems.length) throw badRequest(`${field.title}：${problems[0]}`);
    return;
  }
  const { ref, form: formField, version } = field.answersTo!;
  const refTable = resource.fields[ref]?.ref;
  const parentId = values[ref] as number | null;
  if (!refTable || !parentId) throw badRequest(`请先选择${resource.fields[ref]?.title ?? ref}`);
  const current = await currentFormVersion(q, refTable, parentId, formField);
  if (!current) throw badRequest(`${resource.fields[ref]?.title ?? ref}还没有设计表单`);
  const answers = parse<Answers>(written[name]);
  const filled = Object.fromEntries(Object.entries(answers).filter(([, v]) => !(v === null || v === '' || (Array.isArray(v) && !v.length))));
  checkAnswers(current.form, filled);
  for (const item of current.form.items) {
    if (item.component !== 'DictSelect' || filled[item.key] === undefined) continue;
    const found = await q.selectFrom('dict_item').innerJoin('dict_type', 'dict_type.id', 'dict_item.type_id').select('dict_item.id').where('dict_type.code', '=', item.dict!).where('dict_item.value', '=', String(filled[item.key])).executeTakeFirst();
    if (!found) throw badRequest(`「${item.label}」的答案不在字典中`);
  }
  written[name] = JSON.stringify(filled);
  written[version] = current.version;
}
