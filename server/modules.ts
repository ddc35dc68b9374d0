import { checkModules, type ServerModule } from './engine/module.ts';
import { orgModule } from './modules/org/module.ts';
import { settingsModule } from './modules/settings/module.ts';
import { authModule } from './modules/auth/module.ts';
import { filesModule } from './modules/files/module.ts';
import { messagesModule } from './modules/messages/module.ts';
import { patrolModule } from './modules/patrol/module.ts';
import { workorderModule } from './modules/workorder/module.ts';
import { hotlineModule } from './modules/hotline/module.ts';
import { returnVisitModule } from './modules/returnVisit/module.ts';
import { approvalModule } from './modules/approval/module.ts';
import { operationsModule } from './modules/operations/module.ts';
import { meetingsModule } from './modules/meetings/module.ts';
import { commissionModule } from './modules/commission/module.ts';
import { peopleModule } from './modules/people/module.ts';
import { communityModule } from './modules/community/module.ts';
import { sealModule } from './modules/seal/module.ts';
import { litigationModule } from './modules/litigation/module.ts';
import { questionnairesModule } from './modules/questionnaires/module.ts';
import { templatesModule } from './modules/templates/module.ts';
import { customersModule } from './modules/customers/module.ts';
import { lotteryModule } from './modules/lottery/module.ts';
import { ownerAppModule } from './modules/ownerapp/module.ts';
import { ownerApiModule } from './modules/ownerapi/module.ts';
import { siteconfigModule } from './modules/siteconfig/module.ts';
import { trainingModule } from './modules/training/module.ts';
import { honoursModule } from './modules/honours/module.ts';
import { academyModule } from './modules/academy/module.ts';
import { serviceareaModule } from './modules/servicearea/module.ts';
import { robotModule } from './modules/robot/module.ts';
import { transportModule } from './modules/transport/module.ts';
import { requiredModule } from './modules/required/module.ts';
import { learningModule } from './modules/learning/module.ts';
import { attendanceModule } from './modules/attendance/module.ts';
import { preferencesModule } from './modules/preferences/module.ts';

/**
 * The product's business modules, in dependency order: the app runs their migrations, mounts
 * their hooks and routes and seeds their demo data in this order. Adding a module is a folder
 * under modules/ with a module.ts, its schemas/<module>/, and one line here.
 */
export const MODULES: readonly ServerModule[] = [orgModule, settingsModule, authModule, filesModule, messagesModule, workorderModule, patrolModule, hotlineModule, returnVisitModule, approvalModule, operationsModule, meetingsModule, transportModule, commissionModule, peopleModule, communityModule, sealModule, litigationModule, questionnairesModule, templatesModule, customersModule, lotteryModule, ownerAppModule, ownerApiModule, siteconfigModule, trainingModule, honoursModule, academyModule, robotModule, serviceareaModule, requiredModule, learningModule, attendanceModule, preferencesModule];

checkModules(MODULES);
