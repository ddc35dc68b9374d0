import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setUpApis, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';
import { deviceSign } from '../../server/modules/attendance/deviceRoutes.ts';

/**
 * The operations specialist (赵雅琪, yunying, 华东区域) runs supplier attendance: adds a shift
 * (refused while a worker is already on another shift that day), makes up a missing punch with
 * its reason (judged 正常, and the day corrected), reads the monthly statistics and drills to the late
 * days, and looks through the face devices and settings of her projects only, a silent device
 * shown 离线, and the door records a device has just sent.
 */
const server = setUpServer();
const browser = setUpBrowser();
const [api] = setUpApis(server, 'yunying');
const page = setUpSignedInPage(browser, server, 'yunying', { viewport: { width: 1600, height: 1000 } });

const W = '/api/wxmanage';
const CLEAN = '上海洁安保洁服务有限公司';
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (p: Page) => p.locator('.pms-page[data-active="true"]:visible');
const tab = (p: Page) => screen(p).locator('.ant-tabs-tabpane-active');
const drawer = (p: Page) => p.locator('.ant-drawer-open');
const save = (scope: Locator) => scope.getByRole('button', { name: /保\s*存/ }).click();

async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}

describe('supplier attendance', () => {
  it('adds a shift for the supplier\'s workers, refused while one of them is on another shift that day', async () => {
    const worker = ((await api.get(`${W}/attendanceShift/workers`, { projectId: DEMO_PROJECTS.jinxiu.id, supplier: CLEAN })).body.data as { label: string }[])[0]!.label;
    await page.goto(`${server.url}/opearator-manager/supplierAttendance`);
    await poll(() => page.title()).toBe('供应商考勤-PMS');
    await poll(() => screen(page).locator('.ant-table-row', { hasText: '秩序白班' }).count()).toBe(2);
    await screen(page).getByRole('button', { name: '新增班次' }).click();
    const form = drawer(page);
    await choose(form, '所属项目', DEMO_PROJECTS.jinxiu.name);
    await choose(form, '供应商单位', CLEAN);
    await form.getByLabel('班次名称').fill('保洁周日班');
    await form.getByLabel('上班时间').fill('08:00');
    await form.getByLabel('下班时间').fill('12:00');
    await choose(form, '考勤人员', worker);
    await form.getByLabel('班次名称').click();
    await save(form);
    await poll(() => page.getByText(`「${worker}」周一已排在班次「保洁早班」，同一天只能排一个班次`).isVisible()).toBe(true);
    for (const day of ['周一', '周二', '周三', '周四', '周五', '周六', '周日']) await form.getByRole('checkbox', { name: day }).click();
    await save(form);
    await poll(() => page.getByText('新增成功').isVisible()).toBe(true);
    const row = screen(page).locator('.ant-table-row', { hasText: '保洁周日班' });
    await poll(() => row.getByText(worker).isVisible()).toBe(true);
    await poll(() => row.getByText('周日', { exact: true }).isVisible()).toBe(true);
  });

  it('makes up a missing punch with its reason, judged 正常, and the day is corrected', async () => {
    const days = (await api.post(`${W}/attendanceDay/list`, { pageSize: 200, filters: { project_id: DEMO_PROJECTS.cuihu.id, supplier: CLEAN, result: 'missing' } })).body.data.records as Record<string, any>[];
    const day = days.find((d) => d.day_at > Date.now() - 25 * 86_400_000)!;
    const side = day.in_result === 'missing' ? 'on' : 'off';
    const shift = (await api.get(`${W}/attendanceShift/detail`, { id: day.shift_id })).body.data;
    await page.goto(`${server.url}/opearator-manager/supplierPunchDetail`);
    await poll(() => page.title()).toBe('供应商打卡明细-PMS');
    await poll(() => tab(page).locator('.ant-table-row').count()).toBeGreaterThan(0);
    await tab(page).getByRole('button', { name: /^补\s*卡$/ }).click();
    const form = drawer(page);
    await choose(form, '所属项目', DEMO_PROJECTS.cuihu.name);
    await choose(form, '考勤人员', `${day.external_staff_id_label}（${CLEAN}）`);
    if (side === 'off') await form.getByRole('radio', { name: '下班卡' }).click();
    const time = form.getByLabel('打卡时间');
    await time.click();
    await time.fill(`${day.work_date} ${side === 'on' ? shift.start_time : shift.end_time}`);
    await time.press('Enter');
    await form.getByLabel('补卡原因').fill('人脸机故障，班长确认在岗');
    await save(form);
    await poll(() => page.getByText('新增成功').isVisible()).toBe(true);
    // The worker's made-up punches, as the list filtered from the address shows them.
    await page.goto(`${server.url}/opearator-manager/supplierPunchDetail/punches?source=manual&external_staff_id=${day.external_staff_id}`);
    const punch = screen(page).locator('.ant-table-row', { hasText: '人脸机故障，班长确认在岗' }).first();
    await poll(() => punch.getByText('补卡', { exact: true }).isVisible()).toBe(true);
    await poll(() => punch.getByText('正常', { exact: true }).isVisible()).toBe(true);
    await poll(() => punch.getByText(day.work_date, { exact: true }).isVisible()).toBe(true);
    const detail = (await api.get(`${W}/attendanceDay/detail`, { id: day.id })).body.data;
    expect(detail[side === 'on' ? 'in_result' : 'out_result']).toBe('normal');
  });

  it('shows the statistics by supplier and drills from the late count to those days', async () => {
    await page.goto(`${server.url}/opearator-manager/supplierAttendanceStatistics`);
    await poll(() => page.title()).toBe('供应商考勤统计-PMS');
    const table = screen(page).locator('.ant-table').last();
    const row = table.locator('.ant-table-row', { hasText: CLEAN });
    await poll(() => row.isVisible()).toBe(true);
    await poll(() => table.getByText('出勤率').first().isVisible()).toBe(true);
    const answer = (await api.post(`${W}/report/supplierAttendance/query`, { groupBy: 'supplier' })).body.data;
    const late = (answer.rows as Record<string, any>[]).find((r) => r.key === CLEAN)!.late as number;
    await row.locator('a', { hasText: new RegExp(`^${late}$`) }).first().click();
    const records = page.locator('.ant-drawer-content');
    await poll(() => records.getByText(`共 ${late} 条记录`).isVisible()).toBe(true);
    await poll(() => records.locator('.ant-table-row').first().getByText(/迟到|缺卡/).isVisible()).toBe(true);
  });

  it('lists the face devices and the face settings of her projects', async () => {
    await page.goto(`${server.url}/opearator-manager/FaceConfiguration`);
    await poll(() => page.title()).toBe('人脸门禁配置-PMS');
    await poll(() => tab(page).getByText('CH-FACE-01').isVisible()).toBe(true);
    await poll(() => tab(page).getByText('BJ-FACE-01').count()).toBe(0);
    await screen(page).getByRole('tab', { name: '人脸设置' }).click();
    await poll(() => tab(page).locator('.ant-table-row').count()).toBe(2);
    await poll(() => tab(page).getByText(DEMO_PROJECTS.jinxiu.name).isVisible()).toBe(true);
  });

  it('shows a device silent for days as offline and the door records a device has just sent', async () => {
    const code = 'CH-FACE-01';
    const record = { recordNo: 'CH-FACE-01-B0001', kind: 'open', method: 'face', personType: 'owner', personName: '沈嘉怡', result: 'success', occurredAt: Date.now() - 60_000 };
    const timestamp = Date.now();
    const sign = deviceSign('pms-demo-sign-seed-2026', code, [record.recordNo, record.kind, record.method, record.personType, record.personName, record.result, record.occurredAt, timestamp]);
    const sent = await fetch(`${server.url}${W}/accessDevice/record`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, ...record, timestamp, sign }) });
    expect(sent.status).toBe(200);
    await page.goto(`${server.url}/opearator-manager/FaceConfiguration`);
    await screen(page).getByRole('tab', { name: '设备' }).click();
    await poll(() => tab(page).locator('.ant-table-row', { hasText: 'CH-FACE-02' }).getByText('离线').isVisible()).toBe(true);
    await screen(page).getByRole('tab', { name: '门禁记录' }).click();
    const first = tab(page).locator('.ant-table-row').first();
    await poll(() => first.textContent()).toMatch(/东门人脸机（进）.*开门.*刷脸.*业主.*沈嘉怡.*成功/);
  });
});
