import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import type { Api } from '../support/api.ts';
import { setUpApis, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { demoPdf } from '../../server/modules/seal/demoPdf.ts';

/**
 * The legal office's journeys in chromium (issue 38): a project's seal-use application is
 * approved by 法务 in 用印审批, stamped on /seal/pdf by dragging nothing more than the template's
 * positions and confirming, and the stamped file is there; a case moves a stage from its list,
 * and its detail previews a judgment PDF in the page.
 */
const server = setUpServer();
const browser = setUpBrowser();
const [xmjl, fawuApi] = setUpApis(server, 'xmjl', 'fawu');
const page = setUpSignedInPage(browser, server, 'fawu', { viewport: { width: 1440, height: 900 } });

const screen = (page: Page) => page.locator('.pms-page[data-active="true"]');
const row = (page: Page, text: string) => screen(page).locator('.ant-table-row', { hasText: text });
const dialog = (page: Page) => page.locator('.ant-modal:visible');

async function uploadPdf(api: Api, name: string, title: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await demoPdf(title, [['正文第一页'], ['签署页']], ['翠湖天地业主委员会', '悦家物业服务有限公司']))], { type: 'application/pdf' }), name);
  const { replay, sign } = api.signed({});
  const response = await fetch(`${server.url}/api/file/upload?${new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]))}`, { method: 'POST', headers: { token: api.token, authtoken: api.token, sign }, body: form });
  const data = ((await response.json()) as { data: { cdnUrl: string; fileSize: number; fileSampleName: string } }).data;
  return { url: data.cdnUrl, name: data.fileSampleName, size: data.fileSize };
}

describe('legal office', () => {
  it('approves a seal-use application and stamps its PDF on /seal/pdf', async () => {
    const seals = (await fawuApi.post('/api/seal/seal/list', { pageSize: 50 })).body.data.records as { id: number; name: string }[];
    const template = ((await fawuApi.post('/api/seal/template/list', { pageSize: 10 })).body.data.records as { id: number; name: string }[]).find((t) => t.name === '物业服务合同（标准版）')!;
    const added = await xmjl.post('/api/seal/apply/add', {
      project_id: DEMO_PROJECTS.cuihu.id, seal_id: seals.find((s) => s.name.endsWith('合同专用章'))!.id, use_mode: 'e_sign', doc_name: '翠湖天地绿化养护合同', doc_type: 'contract', copies: 2,
      reason: '绿化养护外包合同签订', template_id: template.id, files: [await uploadPdf(xmjl, '绿化养护合同.pdf', '绿化养护合同')],
    });
    const id = added.body.data.id as number;
    expect((await xmjl.post('/api/seal/apply/transition', { id, action: 'submit' })).body.data.state).toBe('approving');

    // 用印审批: 法务, the flow's approver, agrees on the list; the move decides his task.
    await page.goto(`${server.url}/approve-manager/sealUseApprove`);
    await expect.poll(() => row(page, '翠湖天地绿化养护合同').isVisible(), { timeout: 15_000 }).toBe(true);
    await row(page, '翠湖天地绿化养护合同').getByRole('button', { name: '同意用印' }).click();
    const confirm = page.locator('.ant-modal:visible, .ant-popconfirm:visible').getByRole('button', { name: /确\s*定|确\s*认/ });
    if (await confirm.count()) await confirm.last().click();
    await expect.poll(() => row(page, '翠湖天地绿化养护合同').count()).toBe(0);

    // 用印管理 → 盖章 → the PDF with the template's seals in place → 确认盖章.
    await page.goto(`${server.url}/seal/list`);
    await expect.poll(() => row(page, '翠湖天地绿化养护合同').getByText('已通过').isVisible(), { timeout: 15_000 }).toBe(true);
    await row(page, '翠湖天地绿化养护合同').getByRole('button', { name: '盖章', exact: true }).click();
    await page.waitForURL(new RegExp(`/seal/pdf\\?id=${id}$`));
    await expect.poll(() => page.getByTestId('pdf-viewer').getAttribute('data-pages'), { timeout: 20_000 }).toBe('2');
    await expect.poll(() => page.getByTestId('stamp-normal-2').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('stamp-straddle-1').isVisible()).toBe(true);
    await page.getByRole('button', { name: '确认盖章' }).click();
    await expect.poll(() => page.getByText('签章完成，签章文件').isVisible(), { timeout: 20_000 }).toBe(true);
    const stamped = (await fawuApi.get('/api/seal/apply/detail', { id })).body.data;
    expect(stamped.status).toBe('stamped');
    const bytes = Buffer.from(await (await fetch(`${server.url}${stamped.signed_file[0].url}`)).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(stamped.file_hash);
    await expect.poll(() => page.getByText(stamped.verify_code).isVisible()).toBe(true);
  });

  it('moves a case a stage from its list and previews its judgment PDF on the detail page', async () => {
    const owner = (await fawuApi.get('/api/litigation/case/ownerOptions')).body.data[0].value;
    const added = await fawuApi.post('/api/litigation/case/add', { direction: 'plaintiff', case_type: 'fee', project_id: DEMO_PROJECTS.cuihu.id, counterparty: '沈国梁', owner_staff_id: owner, cause: '拖欠 2025 年物业服务费', arrears_amount: 5230 });
    const id = added.body.data.id as number;
    const code = (await fawuApi.get('/api/litigation/case/detail', { id })).body.data.code as string;
    const proceeding = await fawuApi.post('/api/litigation/proceeding/add', { case_id: id, project_id: DEMO_PROJECTS.cuihu.id, stage: 'letter', event: 'judgment', event_date: '2026-11-20', documents: [await uploadPdf(xmjl, '民事判决书.pdf', '民事判决书')] });
    expect(proceeding.body.message).toBe('新增成功');
    expect((await fawuApi.get('/api/litigation/case/proceedings', { id })).body.data[0].documents[0].name).toBe('民事判决书.pdf');

    await page.goto(`${server.url}/litigation/list`);
    await expect.poll(() => row(page, code).isVisible(), { timeout: 15_000 }).toBe(true);
    await row(page, code).getByRole('button', { name: '诉前调解' }).click();
    await dialog(page).getByLabel('说明').fill('业主同意调解');
    await dialog(page).getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row(page, code).getByText('诉前调解').isVisible()).toBe(true);

    await row(page, code).getByRole('button', { name: '查看' }).click();
    await page.waitForURL(new RegExp(`/litigation/detail\\?id=${id}$`));
    await expect.poll(() => screen(page).getByText('民事判决书.pdf').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await screen(page).getByRole('button', { name: /预\s*览/ }).first().click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(1);
    await expect.poll(() => page.locator('.ant-modal:visible').getByTestId('pdf-viewer').getAttribute('data-pages'), { timeout: 20_000 }).toBe('2');
  });
});
