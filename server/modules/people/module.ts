import type { ServerModule } from '../../engine/module.ts';
import { caseVoteHooks } from './hooks/case_vote.ts';
import { accountabilityCaseHooks } from './hooks/accountability_case.ts';
import { indicatorSetHooks } from './hooks/perf_indicator_set.ts';
import { perfPeriodHooks } from './hooks/perf_period.ts';
import { perfScoreHooks } from './hooks/perf_score.ts';
import { perfSheetHooks } from './hooks/perf_sheet.ts';
import peopleRoutes from './routes.ts';
import { PEOPLE_DEMO_GRANTS, seedPeople } from './seed.ts';

/**
 * People: performance assessment (periods, indicator sets whose weights total 100, grade bands,
 * evaluation teams, sheets generated per period and scored by the staff member and their team,
 * weighted totals computed by the server), the accountability track (cases checked, resolved at
 * the level their severity requires, charged to the period's sheet unless a protection term
 * exempts them), and the demo company's months of assessments and cases.
 */
export const peopleModule: ServerModule = {
  name: 'people',
  dependsOn: ['org'],
  hooks: { perf_period: perfPeriodHooks, perf_indicator_set: indicatorSetHooks, perf_sheet: perfSheetHooks, perf_score: perfScoreHooks, accountability_case: accountabilityCaseHooks, case_vote: caseVoteHooks },
  routes: { performance: peopleRoutes },
  demoGrants: PEOPLE_DEMO_GRANTS,
  seed: seedPeople,
};
