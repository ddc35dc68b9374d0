import type { FastifyInstance } from 'fastify';
import type { ResourceDef, ResourceField } from '../../../src/shared/schemaTypes.ts';
import { badRequest, conflict } from '../../platform/http/envelope.ts';
import { sanitizeHtml } from '../../platform/http/sanitize.ts';
import type { AnyDB, Row } from '../hooks.ts';

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

/** Checks what a schema cannot: uniqueness, references, dictionary values. `q` is the write's transaction. */
/** Grace for the seconds between picking "now" and the call arriving. */
const PAST_GRACE_MS = 60_000;

/** A moment (milliseconds, "YYYY-MM-DD HH:mm[:ss]" local time, or a whole day "YYYY-MM-DD") already gone. */
function isPast(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  const now = Date.now() - PAST_GRACE_MS;
  if (typeof value === 'number') return value < now;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(String(value));
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const at = m[4] === undefined ? new Date(y!, mo! - 1, d!, 23, 59, 59).getTime() : new Date(y!, mo! - 1, d!, h!, mi!, s || 0).getTime();
  return at < now;
}

export async function checkValues(q: AnyDB, resource: ResourceDef, values: Row, id: number | null, written: Row = values): Promise<void> {
  for (const [name, field] of Object.entries(resource.fields)) {
    // A deadline is checked when it is written: one that has since passed does not block the record.
    if (field.notPast && name in written && isPast(written[name])) throw badRequest(`${field.title}不能早于当前时间`);
    const value = values[name];
    if (value === undefined || value === null || value === '') continue;
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
      if (!items.some((i) => i.value === String(value))) throw badRequest(`${field.title}取值不正确`);
    }
  }
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
