import { badRequest } from '../../../platform/http/envelope.ts';
import type { ResourceHooks } from '../../../engine/hooks.ts';
import type { FillField } from '../fillFields.ts';

/** 用印模板: each fill-in field answers to one name, so an application's answers map to one box each. */
export const sealTemplateHooks: ResourceHooks = {
  async beforeSave({ values }) {
    if (!('fields' in values) || values.fields === null) return;
    const fields = (typeof values.fields === 'string' ? JSON.parse(values.fields) : values.fields) as FillField[];
    const seen = new Set<string>();
    for (const f of fields) {
      if (seen.has(f.name)) throw badRequest(`填写项名称「${f.name}」重复`);
      if (!f.label.trim()) throw badRequest('请填写每个填写项的名称');
      seen.add(f.name);
    }
  },
};
