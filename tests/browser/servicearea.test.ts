import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setUpApis, setUpBrowser, setUpServer, setUpSignedInPage } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/public.ts';

/**
 * The operations specialist's service areas (赵雅琪, yunying, 华东区域): a new area's boundary is
 * drawn by clicking on the map in the form, saved, listed and opened again with its corners; then
 * redrawn on the project's map editor beside the other areas. No tile server is configured, so
 * the map draws on its blank grid and the browser asks nothing of any other host.
 */
const server = setUpServer();
const browser = setUpBrowser();
const [api] = setUpApis(server, 'yunying');
const page = setUpSignedInPage(browser, server, 'yunying', { viewport: { width: 1600, height: 1000 } });

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const screen = (p: Page) => p.locator('.pms-page[data-active="true"]:visible');
const drawer = (p: Page) => p.locator('.ant-drawer-open');
const outside: string[] = [];

async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** Clicks the map at points given as fractions of its width and height. */
async function clickMap(map: Locator, points: [number, number][]): Promise<void> {
  const box = (await map.boundingBox())!;
  for (const [x, y] of points) await map.click({ position: { x: Math.round(box.width * x), y: Math.round(box.height * y) } });
}

const areaNamed = async (name: string) => ((await api.post('/api/community/serviceArea/list', { pageSize: 200, filters: { name } })).body.data.records as Record<string, any>[])[0];

describe('service areas', () => {
  it('draws a new area on the map in the form, lists it and opens it again with its corners', async () => {
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
    });
    await page.goto(`${server.url}/opearator-manager/serviceArea`);
    await poll(() => page.title()).toBe('服务区域-PMS');
    const list = screen(page);
    await poll(() => list.locator('.ant-table-row', { hasText: '北区楼栋片区' }).count()).toBeGreaterThan(0);
    // 华东区域 only: the areas of 翠湖天地 and 锦绣华庭, none of 华南.
    expect(await list.locator('.ant-table-row', { hasText: DEMO_PROJECTS.binjiang.name }).count()).toBe(0);

    await list.getByRole('button', { name: '新增区域' }).click();
    const form = drawer(page);
    await choose(form, '所属项目', DEMO_PROJECTS.cuihu.name);
    await form.getByLabel('区域名称').fill('东门快递驿站');
    await choose(form, '区域类型', '公区');
    const map = form.locator('[data-geo-map="polygon"]');
    await clickMap(map, [[0.3, 0.3], [0.7, 0.3], [0.7, 0.7], [0.3, 0.7]]);
    await poll(() => form.locator('[data-geo-hint]').textContent()).toBe('已绘制 4 个顶点；继续点击可添加，拖动顶点可调整');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await poll(() => page.getByText('新增成功').isVisible()).toBe(true);
    const row = list.locator('.ant-table-row', { hasText: '东门快递驿站' });
    await poll(() => row.textContent()).toContain('多边形（4 个顶点）');
    const saved = await areaNamed('东门快递驿站');
    expect(saved.project_id).toBe(DEMO_PROJECTS.cuihu.id);
    const ring = saved.polygon.coordinates[0] as number[][];
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);

    // Opened again, the form's map shows the four corners and their coordinates.
    await row.getByRole('button', { name: '编辑', exact: true }).click();
    await poll(() => drawer(page).locator('[data-vertex]').count()).toBe(4);
    await poll(() => drawer(page).getByLabel('坐标（每行：经度, 纬度）').inputValue()).toBe(ring.slice(0, 4).map(([lng, lat]) => `${lng}, ${lat}`).join('\n'));
    await drawer(page).getByRole('button', { name: /取\s*消/ }).click();
    await poll(() => drawer(page).count()).toBe(0);
  });

  it('redraws an area on the project map, beside the project\'s other areas', async () => {
    await screen(page).locator('.ant-table-row', { hasText: '东门快递驿站' }).getByRole('button', { name: '在地图上编辑' }).click();
    await poll(() => page.title()).toBe('服务区域地图-PMS');
    const editor = screen(page);
    await poll(() => editor.getByText('编辑范围：东门快递驿站').isVisible()).toBe(true);
    // The other areas of 翠湖天地 are drawn with their names.
    await poll(() => editor.locator('.leaflet-tooltip', { hasText: '中心景观公区' }).count()).toBe(1);
    await poll(() => editor.locator('[data-vertex]').count()).toBe(4);
    await editor.getByRole('button', { name: /清\s*除/ }).click();
    await clickMap(editor.locator('[data-geo-map="polygon"]'), [[0.97, 0.05], [0.97, 0.95], [0.92, 0.5]]);
    await poll(() => editor.locator('[data-vertex]').count()).toBe(3);
    await editor.getByRole('button', { name: '保存范围' }).click();
    await poll(() => page.getByText('「东门快递驿站」的范围已保存').isVisible()).toBe(true);
    const saved = await areaNamed('东门快递驿站');
    expect(saved.polygon.coordinates[0]).toHaveLength(4);
    expect(outside).toEqual([]);
  });
});
