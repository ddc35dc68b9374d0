import { badRequest, conflict } from '../../../platform/http/envelope.ts';
import type { ResourceHooks } from '../../../engine/hooks.ts';

/**
 * Score ranges of portrait levels never overlap, so every customer score falls in at most one
 * level. Disabled levels count too: enabling one must never create an overlap.
 */
export const portraitLevelHooks: ResourceHooks = {
  async beforeSave({ trx, id, values, current }) {
    const min = Number(values.min_score ?? current?.min_score);
    const max = Number(values.max_score ?? current?.max_score);
    if (min > max) throw badRequest('最低分不能大于最高分');
    let others = trx.selectFrom('portrait_level').select(['name', 'min_score', 'max_score']).where('min_score', '<=', max).where('max_score', '>=', min);
    if (id !== null) others = others.where('id', '!=', id);
    const clash = (await others.orderBy('min_score').executeTakeFirst()) as { name: string; min_score: number; max_score: number } | undefined;
    if (clash) throw conflict(`分值区间 ${min}-${max} 与等级「${clash.name}」（${clash.min_score}-${clash.max_score}）重叠`);
  },
};
