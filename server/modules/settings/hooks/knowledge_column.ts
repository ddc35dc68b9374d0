import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../../platform/http/envelope.ts';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';

/**
 * A column of type "dict" names an existing, enabled dictionary (its values are that
 * dictionary's items); any other type carries no dictionary code.
 */
export const knowledgeColumnHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const type = values.data_type ?? current?.data_type;
    const code = values.dict_code !== undefined ? values.dict_code : current?.dict_code;
    if (type !== 'dict') {
      if (code) values.dict_code = null;
      return;
    }
    if (!code) throw badRequest('数据类型为字典选项时，请选择字典编码');
    const dict = await trx.selectFrom('dict_type').select('enabled').where('code', '=', code).executeTakeFirst();
    if (!dict) throw badRequest(`字典编码「${String(code)}」不存在`);
    if (!dict.enabled) throw badRequest(`字典「${String(code)}」已停用，请选择启用的字典`);
    values.dict_code = code;
  },

  /** Dictionaries a column may use, as select options (value: the dictionary code). */
  async routes(app: FastifyInstance) {
    app.get('/dictCodes', { config: { btnCode: 'knowledge:view' }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'boolean' } } } } }, async () => {
      const rows = (await (app.db as unknown as AnyDB)
        .selectFrom('dict_type')
        .select(['code', 'name'])
        .where('enabled', '=', 1)
        .orderBy('code')
        .execute()) as { code: string; name: string }[];
      return ok(rows.map((r) => ({ label: `${r.name}（${r.code}）`, value: r.code })));
    });
  },
};
