import type { FastifyInstance } from 'fastify';
import type { ResourceDef, ResourceField } from '../../../src/shared/schemaTypes.ts';
import { badRequest, conflict } from '../../platform/http/envelope.ts';
import { sanitizeHtml } from '../../platform/http/sanitize.ts';
import type { AnyDB, Row } from '../hooks.ts';
import { checkRules } from './rules.ts';
import { parseDateTime, toMilliseconds } from './dateTimes.ts';
import { checkFileRefs } from '../jsonShapes.ts';
import { geoProblem, geoValue } from '../../../src/shared/geo.ts';
import { checkRuntimeForm } from '../runtimeForms.ts';

/** The declared defaults of a resource's fields, as a body would send them. */
export function defaults(resource: ResourceDef): Row {
  return Object.fromEntries(Object.entries(resource.fields).filter(([, f]) => f.default !== undefined).map(([n, f]) => [n, f.default]));
}

function normalise(field: ResourceField, value: unknown): unknown {
  if (field.through) return Array.isArray(value) ? [...new Set(value)] : [];
  if (value === undefined || value === null) return null;
  if (field.type === 'boolean') return value === true || value === 1 ? 1 : 0;
  if (field.type === 'json') return JSON.stringify(value);
  if (field.type === 'html') return sanitizeHtml(String(value));
  if (field.type === 'datetime') return toMilliseconds(value);
  if (typeof value === 'string' && (field.type === 'string' || field.type === 'text')) return value.trim();
  return value;
}

/** A body's declared fields as they are stored (booleans as 0/1, JSON as text, HTML sanitised, text trimmed). */
export function toColumns(resource: ResourceDef, body: Row): Row {
  const out: Row = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!(name in body)) continue;
    out[name] = normalise(field, body[name]);
  }
  return out;
}

/** Grace for the seconds between picking "now" and the call arriving. */
const PAST_GRACE_MS = 60_000;

/** A moment (milliseconds, or a text parseDateTime reads) already gone; a day alone is gone once it is over. */
function isPast(value: unknown): boolean {
  const text = typeof value === 'string' ? value.trim() : null;
  const at = text !== null ? parseDateTime(text) : typeof value === 'number' ? value : null;
  if (at === null) return false;
  const end = text !== null && !text.includes(':') ? at + 86_400_000 - 1 : at;
  return end < Date.now() - PAST_GRACE_MS;
}

/** Checks what a schema cannot: uniqueness, references, dictionary values, deadlines, the declared rules. `q` is the write's transaction; `written` what the call itself writes. */
export async function checkValues(q: AnyDB, resource: ResourceDef, values: Row, id: number | null, written: Row = values): Promise<void> {
  for (const [name, field] of Object.entries(resource.fields)) {
    // A deadline is checked when it is written: one that has since passed does not block the record.
    if (field.notPast && name in written && isPast(written[name])) throw badRequest(`${field.title}不能早于当前时间`);
    if (field.form || field.answersTo) {
      await checkRuntimeForm(q, resource, name, field, values, written);
      continue;
    }
    const value = values[name];
    if (value === undefined || value === null || value === '') continue;
    if (field.type === 'json' && field.geo) {
      const problem = geoProblem(field.geo, geoValue(value));
      if (problem) throw badRequest(`${field.title}${problem}`);
      continue;
    }
    if (field.type === 'json' && field.shape) {
      await checkFileRefs(q, field, value);
      continue;
    }
    if (field.through) {
      const ids = value as number[];
      const found = ids.length ? await q.selectFrom(field.ref!).select('id').where('id', 'in', ids).execute() : [];
      if (found.length !== ids.length) throw badRequest(`${field.title}不存在或已被删除`);
      continue;
    }
    if (field.unique) {
      const scope = Array.isArray(field.unique) ? field.unique : [];
      let same = q.selectFrom(resource.name).select('id').where(name, '=', value);
      for (const s of scope) same = same.where(s, '=', (values[s] ?? null) as never);
      if (id !== null) same = same.where('id', '!=', id);
      if (await same.executeTakeFirst()) throw conflict(`${field.title}「${String(value)}」已存在`);
    }
    if (field.ref) {
      const found = await q.selectFrom(field.ref).select('id').where('id', '=', value).executeTakeFirst();
      if (!found) throw badRequest(`${field.title}不存在或已被删除`);
    }
    if (field.dict) {
      const items = await dictItems(q, field.dict);
      // A JSON field holds a multi-select's list of values, stored as JSON text.
      const chosen = field.type === 'json' ? (JSON.parse(value as string) as unknown[]) : [value];
      if (!chosen.every((v) => items.some((i) => i.value === String(v)))) throw badRequest(`${field.title}取值不正确`);
    }
  }
  await checkRules(q, resource, values, id);
}

/** Enabled items of a dictionary, in order (basis getDictCode). */
export async function dictItems(db: AnyDB | FastifyInstance['db'], code: string): Promise<{ label: string; value: string; color: string | null }[]> {
  return (db as AnyDB)
    .selectFrom('dict_item')
    .innerJoin('dict_type', 'dict_type.id', 'dict_item.type_id')
    .select(['dict_item.label', 'dict_item.value', 'dict_item.color'])
    .where('dict_type.code', '=', code)
    .where('dict_type.enabled', '=', 1)
    .where('dict_item.enabled', '=', 1)
    .orderBy('dict_item.sort')
    .orderBy('dict_item.id')
    .execute() as Promise<{ label: string; value: string; color: string | null }[]>;
}

/** A value as lists and exports show it: an ID card number keeps its first 3 and last 4 characters, a mobile number likewise. */
export function maskValue(kind: 'idCard' | 'mobile', value: string): string {
  if (value.length <= 7) return value;
  return `${value.slice(0, 3)}${'*'.repeat(kind === 'mobile' ? 4 : value.length - 7)}${value.slice(-4)}`;
}
