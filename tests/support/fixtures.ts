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
];

/** Adds the JSON-only example screens of tests/fixtures to a copy of schemas/. */
export function addFixtureScreens(schemas: string): void {
  for (const [from, to] of FILES) {
    fs.mkdirSync(path.dirname(path.join(schemas, to)), { recursive: true });
    fs.copyFileSync(path.join(FIXTURES, from), path.join(schemas, to));
  }
  const menus = JSON.parse(fs.readFileSync(path.join(schemas, 'menus.json'), 'utf8'));
  menus.groups.push({ prefix: '/repair', title: '维修' });
  fs.writeFileSync(path.join(schemas, 'menus.json'), JSON.stringify(menus));
}
