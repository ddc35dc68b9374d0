import type { AnyDB, Row } from '../../engine/hooks.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { RuntimeForm, RuntimeFormItem } from '../../../src/shared/runtimeForm.ts';

/**
 * Parameters defined at run time (参数定义): each config_key row says a value's type, its
 * allowed values and its default; the company-wide value (全局值) overrides the default and a
 * project's row in project_config overrides both. Values are stored as text, normalised here,
 * so every reader compares like with like ('1'/'0' for a switch).
 */
export interface ConfigKey {
  id: number;
  key: string;
  name: string;
  value_type: 'string' | 'number' | 'boolean' | 'enum';
  options: string[] | null;
  default_value: string;
  company_value: string | null;
  project_scope: number;
  enabled: number;
  remark: string | null;
}

export type ConfigValue = string | number | boolean;
export type ConfigSource = 'project' | 'company' | 'default';

export const keyRow = (row: Row): ConfigKey => ({ ...(row as unknown as ConfigKey), options: typeof row.options === 'string' ? (JSON.parse(row.options) as string[] | null) : ((row.options as string[] | null) ?? null) });

/** The stored text of a value for a key, or a Chinese refusal naming the parameter. */
export function normaliseValue(key: Pick<ConfigKey, 'name' | 'value_type' | 'options'>, value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : value;
  switch (key.value_type) {
    case 'boolean':
      if (text === true || text === 1 || text === '1' || text === 'true') return '1';
      if (text === false || text === 0 || text === '0' || text === 'false') return '0';
      throw badRequest(`参数「${key.name}」只能是开或关`);
    case 'number': {
      const n = typeof text === 'number' ? text : typeof text === 'string' && text !== '' ? Number(text) : NaN;
      if (!Number.isFinite(n)) throw badRequest(`参数「${key.name}」须是数字`);
      return String(n);
    }
    case 'enum':
      if (typeof text !== 'string' || !(key.options ?? []).includes(text)) throw badRequest(`参数「${key.name}」只能是：${(key.options ?? []).join('、')}`);
      return text;
    default:
      if (typeof text !== 'string' && typeof text !== 'number') throw badRequest(`参数「${key.name}」须是文本`);
      if (String(text).length > 200) throw badRequest(`参数「${key.name}」不能超过 200 个字`);
      return String(text);
  }
}

/** A stored text read as its type: a switch as a boolean, a number as a number. */
export function typedValue(key: Pick<ConfigKey, 'value_type'>, text: string): ConfigValue {
  if (key.value_type === 'boolean') return text === '1';
  if (key.value_type === 'number') return Number(text);
  return text;
}

/** The value a project gets, and where it comes from: the project's own, else the company's, else the default. */
export function resolveValue(key: ConfigKey, projectValue: string | null | undefined): { text: string; source: ConfigSource } {
  if (projectValue != null && key.project_scope) return { text: projectValue, source: 'project' };
  if (key.company_value != null && key.company_value !== '') return { text: key.company_value, source: 'company' };
  return { text: key.default_value, source: 'default' };
}

export async function loadKeys(db: AnyDB, enabledOnly = true): Promise<ConfigKey[]> {
  let query = db.selectFrom('config_key').selectAll().orderBy('sort').orderBy('id');
  if (enabledOnly) query = query.where('enabled', '=', 1);
  return (await query.execute()).map(keyRow);
}

/** Every override of some projects, by project id then key id. */
export async function projectValues(db: AnyDB, projectIds: number[]): Promise<Map<number, Map<number, string>>> {
  const out = new Map<number, Map<number, string>>();
  if (!projectIds.length) return out;
  for (const r of await db.selectFrom('project_config').select(['project_id', 'config_key_id', 'value']).where('project_id', 'in', projectIds).execute()) {
    const byKey = out.get(r.project_id as number) ?? new Map<number, string>();
    byKey.set(r.config_key_id as number, r.value as string);
    out.set(r.project_id as number, byKey);
  }
  return out;
}

/**
 * The one function services read a parameter through: the effective value of `key` for a
 * project (the project's own value, else the company-wide value, else the default), typed.
 * An unknown or disabled key answers undefined, so a caller decides what its absence means.
 */
export async function effectiveConfig(db: AnyDB, projectId: number, key: string): Promise<{ value: ConfigValue; source: ConfigSource } | undefined> {
  const row = await db.selectFrom('config_key').selectAll().where('key', '=', key).where('enabled', '=', 1).executeTakeFirst();
  if (!row) return undefined;
  const k = keyRow(row as Row);
  const own = await db.selectFrom('project_config').select('value').where('project_id', '=', projectId).where('config_key_id', '=', k.id).executeTakeFirst();
  const { text, source } = resolveValue(k, own?.value as string | undefined);
  return { value: typedValue(k, text), source };
}

const COMPONENT: Record<ConfigKey['value_type'], RuntimeFormItem['component']> = { boolean: 'Switch', number: 'NumberPicker', enum: 'Select', string: 'Input' };

/** The form /setProject shows for a project: one item per key projects may override, of the key's type. */
export function projectForm(keys: ConfigKey[]): RuntimeForm {
  return {
    items: keys
      .filter((k) => k.project_scope)
      .map((k) => ({ key: k.key, component: COMPONENT[k.value_type], label: k.name, required: true, ...(k.value_type === 'enum' ? { options: k.options ?? [] } : {}), ...(k.value_type === 'string' ? { maxLength: 200 } : {}) })),
  };
}

/** One line of the change log (参数变更记录): who changed which value from what to what. */
export async function logChange(trx: AnyDB, entry: { projectId: number | null; keyId: number; before: string | null; after: string | null; staffId: number }): Promise<void> {
  if (entry.before === entry.after) return;
  const now = Date.now();
  await trx
    .insertInto('config_change')
    .values({ project_ref: entry.projectId, config_key_id: entry.keyId, level: entry.projectId === null ? 'company' : 'project', before_value: entry.before, after_value: entry.after, changed_by: entry.staffId || null, created_by: entry.staffId || null, created_at: now, updated_at: now })
    .execute();
}
