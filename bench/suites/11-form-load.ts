// Cold load of the 200-field form (inputs, selects, date pickers): navigation → the 200 fields
// in the DOM, ours beside a plain antd page and an amis page.
import type { VerifyRow } from '../../scripts/verify/rows.ts';
import { comparisonRows, coldLoadsSideBySide, RUNS } from '../support/measure.ts';
import { FORM_SCREEN } from '../support/pages.ts';

export default async (): Promise<VerifyRow[]> =>
  comparisonRows('表单冷加载', `navigation → 200 fields (ms, median of ${RUNS})`, await coldLoadsSideBySide(FORM_SCREEN));
