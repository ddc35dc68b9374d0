import type { ResourceHooks } from '../engine/hooks.ts';
import { buildingHooks } from './building.ts';
import { houseHooks } from './house.ts';
import { projectOpeningHooks } from './project_opening.ts';
import { systemNoticeHooks } from './system_notice.ts';
import { deptHooks } from './dept.ts';
import { orgHooks } from './org.ts';
import { postHooks } from './post.ts';
import { privacyAgreementHooks } from './privacy_agreement.ts';
import { portraitLevelHooks } from './portrait_level.ts';
import { serviceCategoryHooks } from './service_category.ts';
import { knowledgeColumnHooks } from './knowledge_column.ts';
import { workOrderHooks } from './work_order.ts';
import { serviceTypeHooks } from './service_type.ts';
import { warnRuleHooks } from './warn_rule.ts';
import { menuHooks } from './menu.ts';
import { staffHooks } from './staff.ts';
import { stripeHooks } from './stripe.ts';
import { externalStaffHooks } from './external_staff.ts';
import { hotlineCallHooks } from './hotline_call.ts';
import { questionnaireHooks } from './questionnaire.ts';
import { returnVisitRuleHooks } from './return_visit_rule.ts';
import { returnVisitHooks } from './return_visit.ts';
import { ownerFeedbackHooks } from './owner_feedback.ts';
import { hotlineSeatHooks } from './hotline_seat.ts';

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
