import type { SeedContext } from '../../engine/module.ts';

const DAY = 86_400_000;

/** City minimum wages as the provinces published them: [province, city, class, hourly, monthly, effective (YYYY-MM-DD), document]. */
const WAGES: [string, string, string, number, number, string, string][] = [
  ['上海市', '上海', 'class1', 24, 2690, '2024-07-01', '沪人社规〔2024〕15号'],
  ['上海市', '上海', 'class1', 23, 2590, '2023-07-01', '沪人社规〔2023〕18号'],
  ['北京市', '北京', 'class1', 26.4, 2420, '2023-09-01', '京人社劳发〔2023〕11号'],
  ['广东省', '广州', 'class1', 23.7, 2500, '2025-03-01', '粤府函〔2025〕23号'],
  ['广东省', '深圳', 'class1', 23.7, 2520, '2025-03-01', '深人社规〔2025〕2号'],
  ['广东省', '佛山', 'class2', 19.3, 2050, '2025-03-01', '粤府函〔2025〕23号'],
  ['浙江省', '杭州', 'class1', 24, 2490, '2025-01-01', '浙政发〔2024〕28号'],
  ['江苏省', '南京', 'class1', 23.5, 2490, '2025-01-01', '苏政发〔2024〕88号'],
  ['江苏省', '苏州', 'class1', 23.5, 2490, '2025-01-01', '苏政发〔2024〕88号'],
  ['江苏省', '南通', 'class2', 21.5, 2260, '2025-01-01', '苏政发〔2024〕88号'],
  ['四川省', '成都', 'class1', 22, 2100, '2022-04-01', '川府规〔2022〕3号'],
];

/** The wage table (/composite/list) the supplier labour-cost checks read: eleven cities' current and previous standards. */
export async function seedMinWages(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  for (const [province, city, wageClass, hourly, monthly, effective, doc] of WAGES) {
    const at = new Date(`${effective}T00:00:00`).getTime();
    await trx
      .insertInto('min_wage')
      .values({ province, city, wage_class: wageClass, hourly_min: hourly, monthly_min: monthly, effective_date: at, doc_no: doc, remark: null, enabled: 1, created_by: null, created_at: now - 200 * DAY, updated_at: now - 200 * DAY })
      .execute();
  }
}
