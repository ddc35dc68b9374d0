import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';
import { keyRow, logChange, normaliseValue, type ConfigKey } from '../params.ts';

/**
 * Parameter definitions: an option list only for 选项 parameters, a default and company value
 * of the parameter's type; a changed type or option list may not strand a project's value; a
 * changed company-wide value is logged with before and after.
 */
export const configKeyHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current, staff }) {
    const merged = keyRow({ ...(current ?? {}), ...values } as Row);
    if (merged.value_type === 'enum') {
      if (!merged.options?.length) throw badRequest('选项类型的参数须填写可选值');
      if (new Set(merged.options).size !== merged.options.length) throw badRequest('可选值不能重复');
    } else if (merged.options?.length) values.options = null;
    if ('default_value' in values || 'value_type' in values || 'options' in values) values.default_value = normaliseValue(merged, merged.default_value);
    if (merged.company_value != null && merged.company_value !== '') values.company_value = normaliseValue(merged, merged.company_value);
    else if ('company_value' in values) values.company_value = null;
    if (id === null || !current) return;
    if ('value_type' in values || 'options' in values) {
      const rows = await trx.selectFrom('project_config').innerJoin('org', 'org.id', 'project_config.project_id').select(['project_config.value', 'org.name']).where('config_key_id', '=', id).execute();
      for (const r of rows) {
        try {
          normaliseValue(merged as ConfigKey, r.value);
        } catch {
          throw badRequest(`项目「${r.name}」的值「${r.value}」不符合修改后的类型或可选值，请先调整该项目的值`);
        }
      }
    }
    if ('company_value' in values) await logChange(trx, { projectId: null, keyId: id, before: (current.company_value as string | null) ?? null, after: (values.company_value as string | null) ?? null, staffId: staff.id });
  },

  async afterSave({ trx, id, values, created, staff }) {
    if (created && values.company_value != null) await logChange(trx, { projectId: null, keyId: id, before: null, after: values.company_value as string, staffId: staff.id });
  },
};
