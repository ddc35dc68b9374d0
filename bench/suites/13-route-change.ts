// Warm route change from one list page to another (code already loaded), to 100 rows in the
// DOM: support/routeChange.ts.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { ROUTES } from '../support/benchSchemas.ts';
import { median, ms, p95, RUNS } from '../support/measure.ts';
import { routeChange, warmListPage } from '../support/routeChange.ts';

export default async (): Promise<VerifyRow[]> => {
  const { page, close } = await warmListPage(1);
  try {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      times.push(await routeChange(page, `${ROUTES.otherList}?run=${run}`));
      times.push(await routeChange(page, `${ROUTES.list}?run=${run}`));
    }
    const figure = (stat: string) => `list → other list, to 100 rows in the DOM (ms, ${stat} of ${times.length})`;
    return [
      { area: '路由切换', figure: figure('median'), value: ms(median(times)), target: '< 100', ok: median(times) < 100 },
      { area: '路由切换', figure: figure('p95'), value: ms(p95(times)) },
    ];
  } finally {
    await close();
  }
};
