// Hostile workbooks (issue 40, finding 8): 3.5 million rows, a 1 GB zip bomb and more imports at
// once than allowed, against both import families (generic resources, patrol templates).
import { runHostileImport } from '../../../tests/support/hostileImport.ts';
import { mustBeZero, type VerifyRow } from '../rows.ts';

const area = 'hostile import';

export default async (): Promise<VerifyRow[]> => {
  const f = await runHostileImport();
  return [
    { area, figure: 'hostile uploads sent', value: f.cases },
    mustBeZero(area, 'answers other than the Chinese refusal (400 limit, 429 busy)', f.unexpectedAnswers),
    { area, figure: 'resident memory growth (MB)', value: f.peakGrowthMb, target: '< 400', ok: f.peakGrowthMb < 400 },
    { area, figure: 'slowest refusal (ms)', value: f.slowestMs, target: '< 10000', ok: f.slowestMs < 10_000 },
  ];
};
