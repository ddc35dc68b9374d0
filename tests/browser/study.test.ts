import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchProblems } from '../support/browser.ts';
import { setUpApis, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { DEMO_STAFF } from '../../server/modules/org/public.ts';

/**
 * Then anyone, with no session, checks a stamped PDF on /sealVerify.
 *
 * 我的学习 in chromium, as 王师傅 (weixiu, 维修工程师): he plays a seeded video course and the
 * server records what he watched (resumed where he left off after a reload); then he reads
 * today's required reading that 冯晓岚 published for him, waits out its minimum time and
 * answers its quiz, scored by the server.
 */
const server = setUpServer();
const browser = setUpBrowser();
const [peixun] = setUpApis(server, 'peixun');
const page = setUpSignedInPage(browser, server, 'weixiu', { viewport: { width: 1500, height: 950 } });
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (p: Page) => p.locator('.pms-page[data-active="true"]');
const L = '/api/learning';
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('我的学习', () => {
  it('plays a video course: the server records what was watched, and a reload resumes there', async () => {
    const problems = watchProblems(page);
    await page.goto(`${server.url}/employeeEmpowerment/myStudy`);
    const row = screen(page).locator('.ant-table-row', { hasText: '消防器材日常检查（视频）' });
    await poll(() => row.innerText()).toContain('未开始');
    await row.getByRole('button', { name: '开始学习' }).click();
    await page.waitForURL(/\/employeeEmpowerment\/myStudy\?course=\d+$/);
    const video = screen(page).getByTestId('video-player');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.playbackRate = 2;
      return v.play();
    });
    await page.waitForFunction(() => (document.querySelector('[data-testid="video-player"]') as HTMLVideoElement).currentTime >= 4);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    // The pause reports the position; what counts as watched is the server's answer.
    const progress = screen(page).getByTestId('course-progress');
    await poll(() => progress.innerText()).toMatch(/已学 0 分 ([4-9]|\d\d) 秒/);
    await poll(() => progress.innerText()).toContain('学习中');

    await page.reload();
    await poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.currentTime)).toBeGreaterThanOrEqual(4);
    await screen(page).getByRole('button', { name: '返回我的学习' }).click();
    await poll(() => row.innerText()).toContain('学习中');
    expect(problems.consoleErrors).toEqual([]);
  });

  it('reads today\'s required reading after its minimum time and answers the quiz, scored by the server', async () => {
    const title = `配电房班前必读${Date.now() % 10000}`;
    const course = await peixun.post(`${L}/required/course/add`, {
      title: '配电房巡检安全要点', category: 'safety', content_type: 'article', content: '<p>进入配电房须两人同行，穿戴绝缘鞋和绝缘手套，严禁单人操作高压设备。</p>', min_read_sec: 3,
      quiz: [{ question: '进入配电房操作高压设备至少需要几人？', type: 'single', options: [{ text: '一人' }, { text: '两人', right: true }] }],
    });
    expect(course.body.message).toBe('新增成功');
    const item = await peixun.post(`${L}/required/item/add`, { title, course_ids: [course.body.data.id], repeat: 'once', effective_date: today(), deadline_time: '23:59', audience: { mode: 'staff', ids: [DEMO_STAFF.weixiu] } });
    expect((await peixun.post(`${L}/required/item/transition`, { id: item.body.data.id, action: 'publish' })).body.message).toBe('发布成功');

    const problems = watchProblems(page);
    await page.goto(`${server.url}/employeeEmpowerment/myStudy`);
    await screen(page).getByRole('tab', { name: '今日必读' }).click();
    const row = screen(page).locator('.ant-table-row', { hasText: title });
    await poll(() => row.innerText()).toContain('未读');
    await row.getByRole('button', { name: '去阅读' }).click();
    await poll(() => screen(page).innerText()).toContain('严禁单人操作高压设备');
    // The button waits out the minimum reading time, on the server's clock.
    const submit = screen(page).getByRole('button', { name: '提交测验' });
    await poll(() => submit.isEnabled()).toBe(true);
    await screen(page).getByRole('radio', { name: '一人' }).check();
    await submit.click();
    await poll(() => screen(page).getByTestId('reading-result').innerText()).toContain('测验未通过（答对 0/1），请重新阅读后再答');
    await screen(page).getByRole('radio', { name: '两人' }).check();
    await submit.click();
    await poll(() => screen(page).getByTestId('reading-result').innerText()).toContain('测验通过（1/1）');

    await screen(page).getByRole('button', { name: '返回我的学习' }).click();
    await poll(() => row.innerText()).toContain('测验通过 100分');
    expect(problems.consoleErrors.filter((e) => !e.includes('409'))).toEqual([]);
  });

  it('checks a stamped PDF on the public verification page, with no session', async () => {
    const stamped = await (server.app.db as any).selectFrom('seal_use_apply').select(['verify_code', 'doc_name', 'signed_file']).where('verify_code', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const file = JSON.parse(stamped.signed_file)[0];
    const bytes = Buffer.from(await (await fetch(`${server.url}${file.url}`)).arrayBuffer());
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${server.url}/sealVerify?code=PMS-SEAL:${stamped.verify_code}`);
    await visitor.getByRole('button', { name: /验\s*真/ }).click();
    const result = visitor.getByTestId('verify-result');
    await poll(() => result.innerText()).toContain('验真码有效');
    expect(await result.innerText()).toContain(stamped.doc_name);
    await visitor.locator('input[type="file"]').setInputFiles({ name: file.name, mimeType: 'application/pdf', buffer: bytes });
    await visitor.getByRole('button', { name: /验\s*真/ }).click();
    await poll(() => result.innerText()).toContain('验真通过：文件与签章时一致');
    bytes[200] ^= 1;
    await visitor.locator('input[type="file"]').setInputFiles({ name: '改过的.pdf', mimeType: 'application/pdf', buffer: bytes });
    await visitor.getByRole('button', { name: /验\s*真/ }).click();
    await poll(() => result.innerText()).toContain('验真失败：文件内容与签章时不一致');
    await visitor.context().close();
  });
});
