import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { MAX_VERTICES } from '../../src/shared/geo.ts';

/**
 * Service areas (/opearator-manager/serviceArea, /serviceAreaConfig) and the engine's map
 * geometry (G13): a "geo" field takes only a valid GeoJSON polygon (closed ring, 3 distinct
 * corners, coordinates in range, bounded size) and a refused write changes nothing; areas follow
 * the caller's data scope (运营专员 yunying sees 华东区域 only) and their buildings, steward and
 * posts belong to their own project.
 */
const server = setUpServer();
const [yunying, admin, kefu] = setUpApis(server, 'yunying', 'admin', 'kefu');
const C = '/api/community/serviceArea';
const { cuihu, jinxiu, binjiang } = DEMO_PROJECTS;
type Row = Record<string, any>;

const square = (lng: number, lat: number, d = 0.001) => ({ type: 'Polygon', coordinates: [[[lng, lat], [lng + d, lat], [lng + d, lat + d], [lng, lat + d], [lng, lat]]] });
const list = async (api = yunying, filters: Row = {}) => (await api.post(`${C}/list`, { pageSize: 200, filters })).body.data as { records: Row[]; total: number };

describe('service areas', () => {
  it('are in the demo with drawn boundaries at every project, scoped to the caller\'s region', async () => {
    const mine = await list();
    expect(new Set(mine.records.map((a) => a.project_id))).toEqual(new Set([cuihu.id, jinxiu.id]));
    expect((await list(admin)).total).toBeGreaterThan(mine.total);
    const north = mine.records.find((a) => a.project_id === cuihu.id && a.name === '北区楼栋片区')!;
    expect(north.polygon.type).toBe('Polygon');
    expect(north.polygon.coordinates[0].length).toBeGreaterThanOrEqual(4);
    expect(north.building_ids_label).toMatch(/栋/);
    expect(north.steward_id_label).toBeTruthy();
    expect(north.cleaner_post_id_label).toBe('保洁员');
    // Another region's area is neither listed, nor read, nor changed.
    const south = (await list(admin, { project_id: binjiang.id })).records[0]!;
    expect((await yunying.get(`${C}/detail`, { id: south.id })).http).toBe(404);
    expect((await yunying.post(`${C}/update`, { id: south.id, polygon: square(113.3, 23.1) })).http).toBe(404);
    expect((await yunying.post(`${C}/add`, { project_id: binjiang.id, name: '越权区域', area_type: 'public' })).http).toBe(403);
    // The pickers offer only the caller's projects.
    const buildings = (await yunying.get(`${C}/buildings`)).body.data as { label: string }[];
    expect(buildings.length).toBeGreaterThan(0);
    expect(buildings.every((b) => b.label.startsWith(cuihu.name) || b.label.startsWith(jinxiu.name))).toBe(true);
    // 客服 holds no service-area button.
    expect((await kefu.post(`${C}/list`, { pageSize: 10 })).http).toBe(403);
  });

  it('keep a drawn polygon and refuse invalid geometry with a clear message, changing nothing', async () => {
    const added = await yunying.post(`${C}/add`, { project_id: cuihu.id, name: '西门岗亭周边', area_type: 'outdoor', polygon: square(121.47, 31.22) });
    expect(added.body.message).toBe('新增成功');
    const id = added.body.data.id as number;
    expect((await yunying.get(`${C}/detail`, { id })).body.data.polygon).toEqual(square(121.47, 31.22));
    const refused = async (polygon: unknown, message: RegExp) => {
      const answer = await yunying.post(`${C}/update`, { id, polygon });
      expect(answer.http).toBe(400);
      expect(answer.body.message).toMatch(message);
    };
    const open = square(121.47, 31.22);
    open.coordinates[0]!.pop();
    await refused(open, /^区域范围边界须闭合/);
    await refused({ type: 'Polygon', coordinates: [[[121.47, 31.22], [121.471, 31.22], [121.471, 31.22], [121.47, 31.22]]] }, /^区域范围至少需要 3 个不同的顶点$/);
    await refused(square(181, 31.22), /^区域范围经度 181 超出范围/);
    await refused(square(121.47, 90), /^区域范围纬度 90\.001 超出范围/);
    await refused({ type: 'Point', coordinates: [121.47, 31.22] }, /区域范围/);
    await refused({ type: 'Polygon', coordinates: [[[121.47, 'a'], [121.471, 31.22], [121.471, 31.221], [121.47, 'a']]] }, /区域范围/);
    const many = Array.from({ length: MAX_VERTICES + 1 }, (_, i) => [121.47 + Math.cos(i) * 0.001, 31.22 + Math.sin(i) * 0.001]);
    await refused({ type: 'Polygon', coordinates: [[...many, many[0]]] }, /区域范围/);
    await refused('POLYGON((1 1, 2 2))', /区域范围/);
    expect((await yunying.get(`${C}/detail`, { id })).body.data.polygon).toEqual(square(121.47, 31.22));
    // Cleared, an area may wait to be drawn on the map editor.
    expect((await yunying.post(`${C}/update`, { id, polygon: null })).body.message).toBe('保存成功');
    expect((await yunying.get(`${C}/detail`, { id })).body.data.polygon).toBeNull();
    await yunying.post(`${C}/delete`, { ids: [id] });
  });

  it('refuse a second area of the same name in one project, and buildings, steward or posts of another project', async () => {
    const again = await yunying.post(`${C}/add`, { project_id: cuihu.id, name: '北区楼栋片区', area_type: 'building' });
    expect([again.http, again.body.message]).toEqual([409, '区域名称「北区楼栋片区」已存在']);
    // The same name at another project is another area.
    const other = await yunying.post(`${C}/add`, { project_id: jinxiu.id, name: '北区楼栋片区(二期)', area_type: 'building' });
    expect(other.body.message).toBe('新增成功');
    const far = (await list(admin, { project_id: binjiang.id })).records.find((a) => a.name === '北区楼栋片区')!;
    const farDetail = (await admin.get(`${C}/detail`, { id: far.id })).body.data;
    expect(farDetail.building_ids.length).toBeGreaterThan(0);
    for (const [change, message] of [
      [{ building_ids: farDetail.building_ids.slice(0, 1) }, '包含楼栋须为本区域所属项目的楼栋'],
      [{ steward_id: farDetail.steward_id }, '管家须为本区域所属项目的在职员工'],
      [{ cleaner_post_id: farDetail.cleaner_post_id }, '保洁岗位须为本区域所属项目的岗位'],
    ] as const) {
      const answer = await yunying.post(`${C}/update`, { id: other.body.data.id, ...change });
      expect([answer.http, answer.body.message]).toEqual([400, message]);
    }
    await yunying.post(`${C}/delete`, { ids: [other.body.data.id] });
  });

  it('lie around their project\'s map point, which the community profile keeps as a checked GeoJSON point', async () => {
    const profiles = (await yunying.post('/api/wxmanage/communityProfile/list', { pageSize: 10, filters: { project_id: cuihu.id } })).body.data.records as Row[];
    const profile = profiles[0]!;
    expect(profile.map_point).toEqual({ type: 'Point', coordinates: [121.545, 31.2155] });
    const north = (await list(yunying, { project_id: cuihu.id })).records.find((a) => a.name === '北区楼栋片区')!;
    for (const [lng, lat] of north.polygon.coordinates[0] as number[][]) expect(Math.abs(lng! - 121.545) + Math.abs(lat! - 31.2155)).toBeLessThan(0.01);
    const move = (map_point: unknown) => yunying.post('/api/wxmanage/communityProfile/update', { id: profile.id, map_point });
    expect([(await move({ type: 'Point', coordinates: [121.5, 95] })).body.message]).toEqual(['地图位置纬度 95 超出范围（-90 至 90）']);
    expect((await move(square(121.5, 31.2))).http).toBe(400);
    expect((await move({ type: 'Point', coordinates: [121.546, 31.216] })).body.message).toBe('保存成功');
    expect((await yunying.get('/api/wxmanage/communityProfile/detail', { id: profile.id })).body.data.map_point.coordinates).toEqual([121.546, 31.216]);
  });
});
