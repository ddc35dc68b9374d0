import path from 'node:path';
import type { ServerModule } from '../../engine/module.ts';
import baseRoutes from './baseRoutes.ts';
import { buildingHooks } from './hooks/building.ts';
import { deptHooks } from './hooks/dept.ts';
import { externalStaffHooks } from './hooks/external_staff.ts';
import { houseHooks } from './hooks/house.ts';
import { menuHooks } from './hooks/menu.ts';
import { orgHooks } from './hooks/org.ts';
import { postHooks } from './hooks/post.ts';
import { privacyAgreementHooks } from './hooks/privacy_agreement.ts';
import { projectOpeningHooks } from './hooks/project_opening.ts';
import { staffHooks } from './hooks/staff.ts';
import { roleHooks } from './hooks/role.ts';
import { stripeHooks } from './hooks/stripe.ts';
import { ORG_DEMO_GRANTS, seedOrg } from './seed.ts';

/** Organisation and staff: companies, regions and projects, departments, posts, roles and grants, staff, menus, project assets, agreements. */
export const orgModule: ServerModule = {
  name: 'org',
  migrations: path.join(import.meta.dirname, 'migrations'),
  hooks: {
    org: orgHooks,
    dept: deptHooks,
    post: postHooks,
    staff: staffHooks,
    role: roleHooks,
    external_staff: externalStaffHooks,
    stripe: stripeHooks,
    menu: menuHooks,
    building: buildingHooks,
    house: houseHooks,
    project_opening: projectOpeningHooks,
    privacy_agreement: privacyAgreementHooks,
  },
  routes: { base: baseRoutes },
  demoGrants: ORG_DEMO_GRANTS,
  seed: seedOrg,
};
