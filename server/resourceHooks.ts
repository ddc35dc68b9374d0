import type { ResourceHooks } from './engine/hooks.ts';
import { buildingHooks } from './modules/org/hooks/building.ts';
import { houseHooks } from './modules/org/hooks/house.ts';
import { projectOpeningHooks } from './modules/org/hooks/project_opening.ts';
import { systemNoticeHooks } from './modules/messages/hooks/system_notice.ts';
import { deptHooks } from './modules/org/hooks/dept.ts';
import { orgHooks } from './modules/org/hooks/org.ts';
import { postHooks } from './modules/org/hooks/post.ts';
import { privacyAgreementHooks } from './modules/org/hooks/privacy_agreement.ts';
import { portraitLevelHooks } from './modules/settings/hooks/portrait_level.ts';
import { serviceCategoryHooks } from './modules/settings/hooks/service_category.ts';
import { knowledgeColumnHooks } from './modules/settings/hooks/knowledge_column.ts';
import { workOrderHooks } from './modules/workorder/hooks/work_order.ts';
import { serviceTypeHooks } from './modules/workorder/hooks/service_type.ts';
import { warnRuleHooks } from './modules/workorder/hooks/warn_rule.ts';
import { menuHooks } from './modules/org/hooks/menu.ts';
import { staffHooks } from './modules/org/hooks/staff.ts';
import { stripeHooks } from './modules/org/hooks/stripe.ts';
import { externalStaffHooks } from './modules/org/hooks/external_staff.ts';
import { hotlineCallHooks } from './modules/hotline/hooks/hotline_call.ts';
import { questionnaireHooks } from './modules/returnVisit/hooks/questionnaire.ts';
import { returnVisitRuleHooks } from './modules/returnVisit/hooks/return_visit_rule.ts';
import { returnVisitHooks } from './modules/returnVisit/hooks/return_visit.ts';
import { ownerFeedbackHooks } from './modules/returnVisit/hooks/owner_feedback.ts';
import { hotlineSeatHooks } from './modules/hotline/hooks/hotline_seat.ts';

/**
 * Hooks of the resources that need more than their JSON definition, by resource name.
 * One file per resource next to this one; the JSON stays the single definition of fields.
 */
export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {
  building: buildingHooks,
  house: houseHooks,
  project_opening: projectOpeningHooks,
  system_notice: systemNoticeHooks,
  org: orgHooks,
  dept: deptHooks,
  post: postHooks,
  privacy_agreement: privacyAgreementHooks,
  portrait_level: portraitLevelHooks,
  service_category: serviceCategoryHooks,
  knowledge_column: knowledgeColumnHooks,
  work_order: workOrderHooks,
  service_type: serviceTypeHooks,
  warn_rule: warnRuleHooks,
  menu: menuHooks,
  staff: staffHooks,
  stripe: stripeHooks,
  external_staff: externalStaffHooks,
  hotline_call: hotlineCallHooks,
  questionnaire: questionnaireHooks,
  return_visit_rule: returnVisitRuleHooks,
  return_visit: returnVisitHooks,
  owner_feedback: ownerFeedbackHooks,
  hotline_seat: hotlineSeatHooks,
};
