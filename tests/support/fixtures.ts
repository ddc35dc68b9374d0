import fs from 'node:fs';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** Where each fixture file goes in a schemas folder: what a configurator would add by hand. */
const FILES: [string, string][] = [
  ['holiday/resource.json', 'resources/holiday.json'],
  ['holiday/list.json', 'pages/business-settings-holiday-calendar.json'],
  ['holiday/form.json', 'pages/business-settings-holiday-form.json'],
  ['workflow/resource.json', 'resources/repair_request.json'],
  ['workflow/list.json', 'pages/repair-requests.json'],
  ['workflow/form.json', 'pages/repair-requests-form.json'],
  ['workflow/detail.json', 'pages/repair-requests-detail.json'],
  ['settings/resource.json', 'resources/service_setting.json'],
  ['settings/page.json', 'pages/business-settings-service-setting.json'],
  ['settings/tabs.json', 'pages/business-settings-calendar-and-repairs.json'],
];

/** Adds the JSON-only example screens of tests/fixtures to a copy of schemas/. */
export function addFixtureScreens(schemas: string): void {
  for (const [from, to] of FILES) fs.copyFileSync(path.join(FIXTURES, from), path.join(schemas, to));
  const menus = JSON.parse(fs.readFileSync(path.join(schemas, 'menus.json'), 'utf8'));
  menus.groups.push({ prefix: '/repair', title: '维修' });
  fs.writeFileSync(path.join(schemas, 'menus.json'), JSON.stringify(menus));
}
