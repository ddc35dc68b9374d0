import type { ServerModule } from '../../engine/module.ts';
import { workPlanHooks } from './hooks/work_plan.ts';
import { workTaskHooks } from './hooks/work_task.ts';
import { templateDevolveHooks } from './hooks/template_devolve.ts';
import { workEventHooks } from './hooks/work_event.ts';
import { workTemplateHooks } from './hooks/work_template.ts';
import { seedTemplates, TEMPLATE_DEMO_GRANTS } from './seed.ts';
import { notifyGenerated } from './notify.ts';
import type { AnyDB } from '../../engine/hooks.ts';

/**
 * Standard work: templates of check items (run-time forms), plans that generate tasks by their
 * schedule (the engine's recurring generation), tasks done with the filled form, and the
 * execution analysis.
 */
export const templatesModule: ServerModule = {
  name: 'templates',
  dependsOn: ['org', 'questionnaires', 'workorder'],
  hooks: { work_template: workTemplateHooks, work_plan: workPlanHooks, work_task: workTaskHooks, work_event: workEventHooks, template_devolve: templateDevolveHooks },
  // The tasks the plans' schedule made are told to their assignees, on the timers' clock, each pass in one transaction.
  background(app) {
    app.workflowTimers.add(() => app.db.transaction().execute((trx) => notifyGenerated(app, trx as unknown as AnyDB)));
  },
  demoGrants: TEMPLATE_DEMO_GRANTS,
  seed: seedTemplates,
};
