import fs from 'node:fs';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/**
 * Where each fixture file goes in a schemas folder: what a configurator would add by hand. The
 * holiday calendar, the repair requests, the meeting bookings and the purchase requests (an
 * approvable resource) are new modules (a folder each); the service setting
 * joins the existing settings module.
 */
const FILES: [string, string][] = [
  ['holiday/resource.json', 'holiday/resources/holiday.json'],
  ['holiday/list.json', 'holiday/pages/business-settings-holiday-calendar.json'],
  ['holiday/form.json', 'holiday/pages/business-settings-holiday-form.json'],
  ['workflow/resource.json', 'repair/resources/repair_request.json'],
  ['workflow/list.json', 'repair/pages/repair-requests.json'],
  ['workflow/form.json', 'repair/pages/repair-requests-form.json'],
  ['workflow/detail.json', 'repair/pages/repair-requests-detail.json'],
  ['settings/resource.json', 'settings/resources/service_setting.json'],
  ['settings/page.json', 'settings/pages/business-settings-service-setting.json'],
  ['settings/tabs.json', 'settings/pages/business-settings-calendar-and-repairs.json'],
  ['booking/resource.json', 'booking/resources/booking.json'],
  ['booking/blacklist.json', 'booking/resources/booking_blacklist.json'],
  ['booking/room.json', 'booking/resources/conference_room.json'],
  ['booking/minutes.json', 'booking/resources/booking_minutes.json'],
  ['booking/list.json', 'booking/pages/business-settings-meeting-bookings.json'],
  ['booking/form.json', 'booking/pages/business-settings-meeting-bookings-form.json'],
  ['purchase/resource.json', 'purchase/resources/purchase_request.json'],
  ['purchase/list.json', 'purchase/pages/business-settings-purchase-requests.json'],
  ['purchase/form.json', 'purchase/pages/business-settings-purchase-requests-form.json'],
  // The engine's capabilities (issue 31), each declared in JSON only: a notice board (date timers,
  // drag order, audience, files, map point, computed and progress cells, detail tabs, a public page),
  // inspection plans (a designed checklist, rounds generated on a schedule, their calendar, nested
  // import, a plan's detail with a chart of its rounds per month) and three reports (expressions, a reference,
  // a pivot, drill-down; a ratio across two sources; rounds per plan). Names open records through link cells.
  ['capabilities/bulletin.json', 'noticeboard/resources/bulletin.json'],
  ['capabilities/bulletin-read.json', 'noticeboard/resources/bulletin_read.json'],
  ['capabilities/bulletin-list.json', 'noticeboard/pages/business-settings-bulletins.json'],
  ['capabilities/bulletin-form.json', 'noticeboard/pages/business-settings-bulletins-form.json'],
  ['capabilities/bulletin-detail.json', 'noticeboard/pages/business-settings-bulletins-detail.json'],
  ['capabilities/bulletin-public.json', 'noticeboard/pages/bulletin-public.json'],
  ['capabilities/inspection-plan.json', 'inspection/resources/inspection_plan.json'],
  ['capabilities/inspection-round.json', 'inspection/resources/inspection_round.json'],
  ['capabilities/inspection-list.json', 'inspection/pages/business-settings-inspection-plans.json'],
  ['capabilities/inspection-form.json', 'inspection/pages/business-settings-inspection-plans-form.json'],
  ['capabilities/inspection-round-detail.json', 'inspection/pages/business-settings-inspection-round-detail.json'],
  ['capabilities/inspection-calendar.json', 'inspection/pages/business-settings-inspection-calendar.json'],
  ['capabilities/inspection-plan-detail.json', 'inspection/pages/business-settings-inspection-plan-detail.json'],
  ['capabilities/rounds-report.json', 'inspection/reports/fixture-rounds.json'],
  ['capabilities/occupancy-report.json', 'inspection/reports/fixture-occupancy.json'],
  ['capabilities/occupancy-page.json', 'inspection/pages/business-settings-occupancy-report.json'],
  ['capabilities/service-report.json', 'inspection/reports/fixture-service.json'],
  ['capabilities/service-page.json', 'inspection/pages/business-settings-service-report.json'],
];

/** Adds the JSON-only example screens of tests/fixtures to a copy of schemas/. */
export function addFixtureScreens(schemas: string): void {
  for (const [from, to] of FILES) {
    fs.mkdirSync(path.dirname(path.join(schemas, to)), { recursive: true });
    fs.copyFileSync(path.join(FIXTURES, from), path.join(schemas, to));
  }
  const menus = JSON.parse(fs.readFileSync(path.join(schemas, 'menus.json'), 'utf8'));
  menus.groups.push({ prefix: '/repair', title: '维修' }, { prefix: '/bulletin', title: '公告' });
  fs.writeFileSync(path.join(schemas, 'menus.json'), JSON.stringify(menus));
}
