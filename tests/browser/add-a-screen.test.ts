import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { lintSchemas } from '../../scripts/lint-schemas.ts';
import { launchBrowser, openFromMenu, signIn } from '../support/browser.ts';
import { signedIn } from '../support/api.ts';
import { addFixtureScreens } from '../support/fixtures.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { opened } from '../support/dialogs.ts';
import { BUILD_SOURCES } from '../../scripts/buildSources.mjs';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/public.ts';
import { PDFDocument } from 'pdf-lib';
import { storeFile } from '../support/storedFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let copy: string;
let server: TestServer;
let browser: Browser;

/**
 * A configurator's whole job, in a temporary copy of the project: three JSON files (a
 * resource and two pages), no TypeScript. The copy is linted and built, the server creates
 * the table and endpoints, and the screen works in the browser.
 */
beforeAll(async () => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-configurator-'));
  for (const entry of BUILD_SOURCES) {
    fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  addFixtureScreens(path.join(copy, 'schemas'));
  expect(lintSchemas(path.join(copy, 'schemas'), false)).toEqual([]);
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: copy, stdio: 'inherit' });
  server = await startServer({}, undefined, { schemasDir: path.join(copy, 'schemas'), webRoot: path.join(copy, 'dist') });
  browser = await launchBrowser();
  // The copy's build takes minutes on a loaded machine: the suite's start-hook allowance applies when set.
}, Number(process.env.PMS_TEST_HOOK_TIMEOUT) || 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });

describe('adding a screen from JSON alone', () => {
  it('creates, lists, filters, edits, disables and exports through the new screen', async () => {
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await signIn(page, server.url, 'admin');
    await openFromMenu(page, '业务设置', '节假日日历');
    await page.waitForURL(/\/business-settings\/holiday-calendar$/);
    await expect.poll(() => page.title()).toBe('节假日日历-PMS');

    for (const [name, day] of [['国庆节', '2026-10-01'], ['国庆调休', '2026-10-10']]) {
      await screen(page).getByRole('button', { name: '新增节假日' }).click();
      const drawer = page.locator('.ant-drawer-open');
      await drawer.getByLabel('节日名称').fill(name);
      await drawer.getByLabel('日期').fill('10/01');
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => page.getByText('日期：请按 2026-10-01 的格式填写').first().isVisible()).toBe(true);
      await drawer.getByLabel('日期').fill(day);
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => row(page, name).isVisible()).toBe(true);
    }

    await screen(page).getByLabel('节日名称').fill('调休');
    await screen(page).getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => screen(page).locator('.ant-table-row').count()).toBe(1);

    await row(page, '国庆调休').getByRole('button', { name: '编辑' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await expect.poll(() => drawer.getByLabel('节日名称').inputValue()).toBe('国庆调休');
    await drawer.getByText('调休上班').click();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(page, '国庆调休').getByText('调休上班').isVisible()).toBe(true);

    await row(page, '国庆调休').getByRole('switch').click();
    await expect.poll(() => row(page, '国庆调休').getByRole('switch').getAttribute('aria-checked')).toBe('false');

    await screen(page).getByRole('button', { name: /重\s*置/ }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), screen(page).getByRole('button', { name: /导\s*出/ }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await file.path())!);
    const rows = workbook.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ['节日名称', '日期', '类型', '状态'],
      ['国庆节', '2026-10-01', '放假', '启用'],
      ['国庆调休', '2026-10-10', '调休上班', '停用'],
    ]);
  });

  it('moves a record through a workflow declared in JSON: buttons follow the state, notes are asked for', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, 'admin');
    const api = await signedIn(server.url, 'admin');
    await api.post('/api/workorder/repairRequest/add', { title: '楼道灯不亮', project_id: DEMO_PROJECTS.cuihu.id });
    await page.goto(`${server.url}/repair/requests`);
    const item = row(page, '楼道灯不亮');
    await expect.poll(() => item.getByText('待派单').isVisible()).toBe(true);
    expect(await item.getByRole('button', { name: '完成' }).count()).toBe(0);
    await item.getByRole('button', { name: '派单' }).click();
    // The move's inputs are a Formily dialog declared with the transition.
    await opened(page.locator('.ant-modal:visible'));
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator('.ant-modal').getByText('该字段是必填字段').isVisible()).toBe(true);
    await page.getByLabel('维修人员').fill('王师傅');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => item.getByText('已派单').isVisible()).toBe(true);
    await item.getByRole('button', { name: '完成' }).click();
    await opened(page.locator('.ant-modal:visible'));
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByText('请填写说明').isVisible()).toBe(true);
    await page.getByLabel('说明').fill('更换灯管');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => item.getByText('已完成').isVisible()).toBe(true);
    expect(await item.getByRole('button').filter({ hasNotText: '查看' }).count()).toBe(0);

    // The list declares refreshOnPush for type 121: a record added elsewhere shows when such a notice arrives.
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/workorder/repairRequest/')) listCalls.push(request.url());
    });
    await api.post('/api/workorder/repairRequest/add', { title: '水泵房报警', project_id: DEMO_PROJECTS.cuihu.id });
    const adminId = (await server.app.db.selectFrom('staff').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
    // Absence shown by a positive signal, not a wait: a notice of another type reaches this page on the
    // same connection, is shown, and neither it nor anything before it reloaded the list.
    await server.app.notices.send(server.app.db, { staffIds: [adminId], category: '1', type: '103', content: '其他类型的通知' });
    await expect.poll(() => page.getByText('其他类型的通知').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(listCalls).toEqual([]);
    expect(await row(page, '水泵房报警').count()).toBe(0);
    await server.app.notices.send(server.app.db, { staffIds: [adminId], category: '1', type: '121', content: '新的维修申请：水泵房报警' });
    await expect.poll(() => row(page, '水泵房报警').count(), { timeout: 15_000 }).toBe(1);
  });

  it('edits one record in place on a settings page, and shows several lists under tabs', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/business-settings/service-setting`);
    await screen(page).getByLabel('服务热线').fill('12345');
    await screen(page).getByLabel('服务时间').fill('每日 8:00-20:00');
    await screen(page).getByLabel('响应时限（分钟）').fill('30');
    await screen(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByText('服务热线：请填写 400 或座机号码').isVisible()).toBe(true);
    await screen(page).getByLabel('服务热线').fill('400-800-1234');
    await screen(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByText('新增成功').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => screen(page).getByLabel('服务热线').inputValue()).toBe('400-800-1234');
    await screen(page).getByLabel('响应时限（分钟）').fill('45');
    await screen(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByText('保存成功').isVisible()).toBe(true);
    const rows = await server.app.db.selectFrom('service_setting' as never).selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ response_minutes: 45 });

    await page.goto(`${server.url}/business-settings/calendar-and-repairs`);
    await expect.poll(() => screen(page).locator('.ant-table-row', { hasText: '国庆节' }).isVisible()).toBe(true);
    await screen(page).getByRole('tab', { name: '维修申请' }).click();
    await expect.poll(() => screen(page).locator('.ant-table-row', { hasText: '楼道灯不亮' }).isVisible()).toBe(true);
  });

  it('uploads photos in a form (ImageUpload) and shows them in the list', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/repair/requests`);
    await screen(page).getByRole('button', { name: '新增维修申请' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.locator('.ant-select', { has: page.getByRole('combobox', { name: '所属项目' }) }).click();
    await page.getByTitle(DEMO_PROJECTS.cuihu.name).click();
    await drawer.getByLabel('标题').fill('电梯异响');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await drawer.locator('input[type="file"]').setInputFiles({ name: '现场.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => drawer.locator('.ant-upload-list-item-done').count()).toBe(1);
    // A repeatable sub-form (ArrayItems): two materials, one row each.
    for (const [name, quantity, price] of [['电梯导靴', '2', '180'], ['润滑油', '1', '45.5']]) {
      await drawer.getByRole('button', { name: '添加材料' }).click();
      await drawer.getByLabel('材料').last().fill(name!);
      await drawer.getByLabel('数量').last().fill(quantity!);
      await drawer.getByLabel('单价').last().fill(price!);
    }
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    const item = screen(page).locator('.ant-table-row', { hasText: '电梯异响' });
    await expect.poll(() => item.getByRole('img', { name: '图片' }).count()).toBe(1);
    const src = await item.getByRole('img', { name: '图片' }).getAttribute('src');
    expect(src).toMatch(/^\/files\/\d{6}\/[0-9a-f]{32}\.png$/);

    // The detail page shows the materials as a sub-table, the photos in the viewer without
    // toolbar, and the timeline.
    await item.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(/\/repair\/requests\/detail\/\d+$/);
    const materialRows = screen(page).locator('.ant-card', { hasText: '所用材料' }).locator('.ant-table-row');
    await expect.poll(() => materialRows.count()).toBe(2);
    await expect.poll(() => materialRows.first().textContent()).toBe('电梯导靴2¥180.00');
    await screen(page).getByRole('img', { name: '附件图片 1' }).click({ force: true });
    await expect.poll(() => page.locator('.ant-image-preview-wrap').isVisible()).toBe(true);
    expect(await page.locator('.ant-image-preview-operations, .ant-image-preview-footer .ant-image-preview-actions').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => screen(page).locator('.ant-timeline-item', { hasText: '创建' }).count()).toBe(1);
    // A form action on a detail page opens its form over the record, and the details show the saved change.
    // antd spaces a lone button's two characters (「编 辑」).
    await screen(page).getByRole('button', { name: /^编\s*辑$/ }).click();
    await expect.poll(() => drawer.getByLabel('标题').inputValue()).toBe('电梯异响');
    await drawer.getByLabel('标题').fill('电梯异响（复查）');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => screen(page).getByText('电梯异响（复查）').isVisible()).toBe(true);
  });

  it('approves a resource declared approvable in JSON: flow configured on screen, submitted, approved and rejected in the center', async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, server.url, 'admin');
    const drawer = (page: Page) => page.locator('.ant-drawer-open');
    /** Picks an option as a user does; in a searchable select, types first (options are many). */
    const choose = async (page: Page, label: string, option: string | RegExp) => {
      const select = drawer(page).locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) });
      await select.click();
      if (typeof option !== 'string') await select.locator('input').first().fill(option.source.replace(/^\^/, ''));
      // The list that just opened, once it has slid in: a click during the motion can miss (as a failed run's screenshot showed).
      const list = page.locator('.ant-select-dropdown:visible').last();
      await expect.poll(() => list.evaluate((e) => /\bant-slide/.test(e.className)).catch(() => true)).toBe(false);
      await list.getByTitle(option, { exact: true }).first().click();
      if (typeof option !== 'string') await select.locator('input').first().blur();
      await expect.poll(() => select.textContent()).toMatch(option);
    };

    // The flow: the declared kind 采购审批 is offered on the flow screen; one step, 刘海燕 (xmjl) named.
    await admin.goto(`${server.url}/opearator-manager/approvalconfiguration`);
    await screen(admin).getByRole('button', { name: '新增审批流程' }).click();
    await drawer(admin).getByLabel('流程名称').fill('采购审批流程');
    await choose(admin, '审批类型', '采购审批');
    await drawer(admin).getByRole('button', { name: '添加审批节点' }).click();
    await drawer(admin).getByLabel('节点名称').fill('项目经理审批');
    await choose(admin, '审批人', '指定人员');
    await choose(admin, '人员', /^刘海燕/);
    await drawer(admin).getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(admin, '采购审批流程').isVisible()).toBe(true);

    // Two requests from the fixture screen, each submitted with the workflow's own button.
    await admin.goto(`${server.url}/business-settings/purchase-requests`);
    await screen(admin).getByRole('button', { name: '新增采购申请' }).click();
    await choose(admin, '所属项目', DEMO_PROJECTS.cuihu.name);
    await drawer(admin).getByLabel('采购物品').fill('消防水带');
    await drawer(admin).getByLabel('金额（元）').fill('3200');
    await drawer(admin).getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => row(admin, '消防水带').getByText('草稿').isVisible()).toBe(true);
    const api = await signedIn(server.url, 'admin');
    expect((await api.post('/api/basis/purchaseRequest/add', { project_id: DEMO_PROJECTS.cuihu.id, item: '会议室投影仪', amount: 8600 })).body.message).toBe('新增成功');
    await admin.reload();
    for (const item of ['消防水带', '会议室投影仪']) {
      await row(admin, item).getByRole('button', { name: '提交审批' }).click();
      await expect.poll(() => row(admin, item).getByText('审批中').isVisible()).toBe(true);
    }
    // Under approval the record cannot be edited.
    expect(await row(admin, '消防水带').getByRole('button', { name: '编辑' }).count()).toBe(0);

    // The approver finds both under 待我审批, approves one and rejects the other with a comment.
    const manager = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(manager, server.url, 'xmjl');
    await manager.goto(`${server.url}/approve-manager/center`);
    await expect.poll(() => row(manager, '消防水带').isVisible(), { timeout: 15_000 }).toBe(true);
    await row(manager, '消防水带').getByRole('button', { name: '审批' }).click();
    // The drawer shows the record as submitted, named by the resource's field titles.
    await expect.poll(() => drawer(manager).getByText('消防水带').first().isVisible()).toBe(true);
    await expect.poll(() => drawer(manager).getByText('采购物品').first().isVisible()).toBe(true);
    await drawer(manager).getByRole('button', { name: /保\s*存|提\s*交|确\s*定/ }).click();
    await expect.poll(() => row(manager, '消防水带').count()).toBe(0);

    await row(manager, '会议室投影仪').getByRole('button', { name: '审批' }).click();
    await expect.poll(() => drawer(manager).getByText('会议室投影仪').first().isVisible()).toBe(true);
    await drawer(manager).getByText('驳回', { exact: true }).click();
    await drawer(manager).getByLabel('审批意见').fill('已有备用投影仪，请先申领');
    await drawer(manager).getByRole('button', { name: /保\s*存|提\s*交|确\s*定/ }).click();
    await expect.poll(() => row(manager, '会议室投影仪').count()).toBe(0);

    // The engine made the declared moves: the fixture screen shows one approved, one rejected.
    await admin.reload();
    await expect.poll(() => row(admin, '消防水带').getByText('已批准').isVisible()).toBe(true);
    await expect.poll(() => row(admin, '会议室投影仪').getByText('已驳回').isVisible()).toBe(true);
    // A rejected request may be edited and submitted again.
    await expect.poll(() => row(admin, '会议室投影仪').getByRole('button', { name: '提交审批' }).isVisible()).toBe(true);
    // The submitter reads who rejected it and why in the approval's history.
    const instance = (await server.app.db.selectFrom('approval_instance' as never).select(['id'] as never).where('title' as never, '=', '会议室投影仪' as never).executeTakeFirstOrThrow()) as { id: number };
    const history = (await api.get('/api/approve/instance/view', { id: instance.id })).body.data.history as { action: string; staff_name: string; comment: string }[];
    expect(history.filter((h) => h.action === 'reject').map((h) => [h.staff_name, h.comment])).toEqual([['刘海燕', '已有备用投影仪，请先申领']]);
  });

  it('books a room from a form of date-times and many attendees; the server refuses an overlap in the schema\'s words', async () => {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, 'admin');
    await page.getByRole('menuitem', { name: '业务设置' }).click();
    // Its schema's "order" puts the screen first in its group.
    await expect.poll(() => page.getByRole('menu').locator('.ant-menu-sub:visible .ant-menu-item').first().textContent()).toBe('会议室预订');
    await openFromMenu(page, '业务设置', '会议室预订');
    await page.waitForURL(/\/business-settings\/meeting-bookings$/);

    const book = async (subject: string, start: string, end: string) => {
      await screen(page).getByRole('button', { name: '新增预订' }).click();
      const drawer = page.locator('.ant-drawer-open');
      await drawer.getByLabel('会议主题').fill(subject);
      const select = (name: string) => drawer.locator('.ant-select').filter({ has: page.getByRole('combobox', { name, exact: true }) }).first();
      await select('会议室').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('东会议室', { exact: true }).click();
      /** Picks options as a user does: types to search (the staff are many), clicks each. */
      const choose = async (name: string, ...options: string[]) => {
        await select(name).click();
        const input = select(name).locator('input').first();
        for (const option of options) {
          if (await input.isEditable()) await input.fill(option);
          await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
        }
        await input.blur();
      };
      await choose('预订人', '系统管理员');
      for (const [label, text] of [['开始时间', start], ['结束时间', end]] as const) {
        // The pointer off the calendar: a hovered day would show in the input over the typed text.
        await page.mouse.move(0, 0);
        await drawer.getByLabel(label).focus();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(text);
        await page.keyboard.press('Enter');
        await expect.poll(() => drawer.getByLabel(label).inputValue()).toBe(text);
      }
      await choose('参会人', '系统管理员', '林晓雯');
      await drawer.getByText('投影仪').click();
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      return drawer;
    };
    const drawer = await book('月度例会', '2026-12-01 09:00', '2026-12-01 10:30');
    await expect.poll(() => row(page, '月度例会').isVisible()).toBe(true);
    await expect.poll(() => row(page, '月度例会').textContent()).toContain('系统管理员、林晓雯');
    const stored = await server.app.db.selectFrom('booking' as never).select(['start_at', 'end_at'] as never).executeTakeFirstOrThrow();
    expect(stored).toEqual({ start_at: new Date(2026, 11, 1, 9, 0).getTime(), end_at: new Date(2026, 11, 1, 10, 30).getTime() });

    await book('临时会议', '2026-12-01 10:00', '2026-12-01 11:00');
    await expect.poll(() => page.getByText('该会议室此时段已被预订').first().isVisible()).toBe(true);
    expect(await drawer.isVisible()).toBe(true);
  });

  it('shows a notice board declared in JSON: files with the PDF viewer and the video playing, a title linking to its detail, progress and money cells, drag handles, readers under a tab, and a public link opened without signing in', async () => {
    const api = await signedIn(server.url, 'admin');
    const doc = await PDFDocument.create();
    doc.addPage([200, 100]);
    const pdf = await storeFile(api, '年检报告.pdf', await doc.save(), 'application/pdf');
    // A real H.264 clip (2 s, tests/fixtures/capabilities/advert.mp4), as an advert's video is uploaded.
    const video = await storeFile(api, '电梯安全宣传片.mp4', fs.readFileSync(path.join(ROOT, 'tests/fixtures/capabilities/advert.mp4')), 'video/mp4');
    const added = await api.post('/api/basis/bulletin/add', {
      project_id: DEMO_PROJECTS.cuihu.id, title: '电梯年检通知', start_at: Date.now() + 86_400_000, end_at: Date.now() + 3 * 86_400_000,
      audience: { mode: 'staff', ids: [DEMO_STAFF.weixiu] }, documents: [pdf, video], location: { type: 'Point', coordinates: [121.4737, 31.2204] }, quota: 4, budget: 120.5,
    });
    const id = added.body.data.id;
    for (const reader of ['王建国', '李卫东', '赵敏']) await api.post('/api/basis/bulletinRead/add', { bulletin_id: id, reader });
    await api.post('/api/basis/bulletin/add', { project_id: DEMO_PROJECTS.cuihu.id, title: '停水通知', start_at: Date.now() + 86_400_000, end_at: Date.now() + 2 * 86_400_000, audience: { mode: 'all', ids: [] } });

    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/business-settings/bulletins`);
    const item = row(page, '电梯年检通知');
    await expect.poll(() => item.getByText('3/4').isVisible()).toBe(true);
    expect(await item.getByText('¥120.50').count()).toBe(1);
    expect(await screen(page).locator('[aria-label="拖动排序"]').count()).toBe(2);
    await item.getByText('预览').click();
    await expect.poll(() => page.locator('.ant-modal-content canvas[aria-label="第 1 页"]').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('Escape');
    // 播放 opens the player: the browser reads the clip's length, and playing moves its position on.
    await item.getByRole('button', { name: '播放' }).click();
    const player = page.locator('.ant-modal-content video[data-testid="video-player"]');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => Math.round(v.duration)).catch(() => 0), { timeout: 15_000 }).toBe(2);
    await player.evaluate((v: HTMLVideoElement) => ((v.muted = true), v.play()));
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.3);
    await page.keyboard.press('Escape');
    // The title is a link cell: it opens the notice's detail page.
    await item.getByRole('link', { name: '电梯年检通知' }).click();
    await page.waitForURL(/\/business-settings\/bulletins\/detail\/\d+$/);
    await expect.poll(() => screen(page).locator('.ant-table-row', { hasText: '李卫东' }).isVisible()).toBe(true);

    const link = (await api.post('/api/basis/bulletin/publicLink', { id, route: '/bulletin/public' })).body.data.url as string;
    const stranger = await (await browser.newContext()).newPage();
    // The link names the page and its token (on the configured public address, or this server's).
    const url = new URL(link, server.url);
    await stranger.goto(`${server.url}${url.pathname}${url.search}`);
    await expect.poll(() => stranger.getByText('电梯年检通知').first().isVisible()).toBe(true);
    await expect.poll(() => stranger.getByText('¥120.50').isVisible()).toBe(true);
  });

  it('answers reports and plans declared in JSON: a ratio across two sources, a drill-down, a generated round on the calendar, a plan\'s chart and linked rounds, the designed checklist', async () => {
    const api = await signedIn(server.url, 'admin');
    const occupancy = (await api.post('/api/base/report/fixtureOccupancy/query', { groupBy: 'project' })).body.data.totals.occupancy as number;
    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, 'admin');
    await page.goto(`${server.url}/business-settings/occupancy-report`);
    await expect.poll(() => screen(page).locator('.ant-statistic', { hasText: '入住率' }).textContent()).toContain(String(occupancy));

    await page.goto(`${server.url}/business-settings/service-report`);
    const first = screen(page).locator('.ant-table-row').first();
    await expect.poll(() => first.isVisible()).toBe(true);
    await first.locator('a').first().click();
    await expect.poll(() => page.locator('.ant-drawer-open .ant-table-row').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    const form = { items: [{ key: 'q1', component: 'Radio.Group', label: '消防通道是否畅通', required: true, options: ['畅通', '堵塞'] }] };
    const today = new Date().toLocaleDateString('sv-SE');
    // A window from midnight, generated at once: the default 08:00 less an hour's lead made none before 07:00.
    await api.post('/api/basis/inspectionPlan/add', { name: '消防通道巡检', period: 'day', start_date: today, end_date: today, start_time: '00:00', end_time: '23:59', lead_minutes: 0, form });
    await server.app.workflowTimers.run(Date.now());
    await expect.poll(async () => (await api.post('/api/basis/inspectionRound/list', {})).body.data.total).toBe(1);
    await page.goto(`${server.url}/business-settings/inspection-calendar`);
    await expect.poll(() => screen(page).getByText('消防通道巡检').first().isVisible()).toBe(true);
    // The plan's name opens its detail page: a chart of its rounds per month (a report filtered to the
    // plan, drawn lazily), and its rounds, whose names open the round.
    await page.goto(`${server.url}/business-settings/inspection-plans`);
    await row(page, '消防通道巡检').getByRole('link', { name: '消防通道巡检' }).click();
    await page.waitForURL(/\/business-settings\/inspection-plans\/detail\/\d+$/);
    await expect.poll(() => screen(page).getByText('按月份：巡检任务数 1，已填报 0').isVisible()).toBe(true);
    expect(await screen(page).locator('svg text', { hasText: '巡检任务数' }).count()).toBeGreaterThan(0);
    await screen(page).locator('.ant-table-row').getByRole('link', { name: '消防通道巡检' }).click();
    await page.waitForURL(/\/business-settings\/inspection-rounds\/detail\/\d+$/);
    await expect.poll(() => screen(page).getByText('所属计划').isVisible()).toBe(true);
    await page.goto(`${server.url}/business-settings/inspection-plans`);
    await row(page, '消防通道巡检').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => page.locator('.ant-drawer-open').getByText('消防通道是否畅通').first().isVisible()).toBe(true);
  });
});
