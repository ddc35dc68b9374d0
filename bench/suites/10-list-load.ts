// Cold load of the bench list (filter form of 6 fields, 20 columns, 100 rows from the server):
// navigation → the 100 rows in the DOM, ours beside a plain antd page and an amis page.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { comparisonRows, coldLoadsSideBySide, RUNS } from '../support/measure.ts';
import { LIST_SCREEN } from '../support/pages.ts';

export default async (): Promise<VerifyRow[]> =>
  comparisonRows('列表冷加载', `navigation → 100 rows × 20 columns (ms, median of ${RUNS})`, await coldLoadsSideBySide(LIST_SCREEN));
