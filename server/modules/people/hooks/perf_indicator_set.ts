import type { ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest } from '../../../platform/http/envelope.ts';

interface Indicator {
  name: string;
  weight: number;
  max_score: number;
}

/** An indicator set's weights are shares of the whole: together exactly 100, each name once. */
export const indicatorSetHooks: ResourceHooks = {
  beforeSave({ values }) {
    if (!('indicators' in values)) return;
    const raw = values.indicators;
    const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Indicator[];
    if (!Array.isArray(list) || !list.length) throw badRequest('请至少添加一项考核指标');
    const names = new Set<string>();
    for (const i of list) {
      const name = String(i.name ?? '').trim();
      if (!name) throw badRequest('考核指标名称不能为空');
      if (names.has(name)) throw badRequest(`考核指标「${name}」重复`);
      names.add(name);
    }
    // Weights in whole or half percents: summed in tenths so 33.3 + 33.3 + 33.4 is exactly 100.
    const total = list.reduce((sum, i) => sum + Math.round(Number(i.weight) * 10), 0) / 10;
    if (total !== 100) throw badRequest(`各项指标权重合计须为 100，当前为 ${total}`);
  },
};
