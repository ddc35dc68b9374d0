import type { ServerModule } from '../../engine/module.ts';
import { sealUseApplyHooks } from './hooks/seal_use_apply.ts';
import { sealTemplateHooks } from './hooks/seal_template.ts';
import sealRoutes from './routes.ts';
import { SEAL_DEMO_GRANTS, seedSeals } from './seed.ts';

/** Seals (印章管理), PDF templates with stamp positions, seal-use applications through the approvals engine, and real PDF stamping (pdf-lib). */
export const sealModule: ServerModule = {
  name: 'seal',
  dependsOn: ['org', 'files', 'approval'],
  hooks: { seal_template: sealTemplateHooks, seal_use_apply: sealUseApplyHooks },
  routes: { seal: sealRoutes },
  demoGrants: SEAL_DEMO_GRANTS,
  seed: seedSeals,
};
