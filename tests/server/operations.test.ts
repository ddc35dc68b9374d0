import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { PNG, uploadFile } from '../support/patrol.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';
import { storeFile } from '../support/storedFiles.ts';

/**
 * Operations content (schemas/operations): banners, popups, system cards, applications and
 * adverts, as the operations specialist 赵雅琪 (yunying, 华东区域) authors them. Date timers take
 * published content online at its start and offline at its end (run here with the test's clock);
 * drag order is saved through the reorder call; adverts go through the advertising approval.
 */
const server = setUpServer();
const [yunying, admin, kefu] = setUpApis(server, 'yunying', 'admin', 'kefu');
const W = '/api/wxmanage';
const HOUR = 3_600_000;
const EAST = [DEMO_PROJECTS.cuihu.id, DEMO_PROJECTS.jinxiu.id];

type Rec = Record<string, any>;
const list = async (api: typeof admin, what: string, filters: Rec = {}) => (await api.post(`${W}/${what}/list`, { pageSize: 200, filters })).body.data.records as Rec[];
const image = async () => [(await uploadFile(yunying, '/api/file/upload', PNG, 'banner.png')).body.data.cdnUrl as string];
const timeline = async (what: string, id: number) => (await yunying.get(`${W}/${what}/timeline`, { id })).body.data as Rec[];

async function newBanner(title: string, start: number, end: number): Promise<number> {
  const added = await yunying.post(`${W}/banner/add`, { project_id: DEMO_PROJECTS.cuihu.id, app_code: 'yxl', title, pic_url: await image(), position: 'home', start_time: start, end_time: end });
  expect(added.body.message).toBe('新增成功');
  return added.body.data.id;
}

describe('operations content', () => {
  it('has months of demo content in every project, each specialist seeing only her region', async () => {
    const all = await list(admin, 'advert');
    expect(new Set(all.map((a) => a.project_id))).toEqual(new Set(Object.values(DEMO_PROJECTS).map((p) => p.id)));
    expect(new Set(all.map((a) => a.status))).toEqual(new Set(['draft', 'approved', 'rejected', 'online', 'offline']));
    expect(Math.min(...all.map((a) => a.start_time))).toBeLessThan(Date.now() - 150 * 24 * HOUR);
    for (const what of ['banner', 'popup', 'advert']) {
      const mine = await list(yunying, what);
      expect(mine.length).toBeGreaterThan(4);
      expect(mine.every((r) => EAST.includes(r.project_id))).toBe(true);
      expect(new Set(mine.map((r) => r.status)).has('online')).toBe(true);
    }
    // Another region's record answers like a missing one.
    const south = (await list(admin, 'banner', { project_id: DEMO_PROJECTS.binjiang.id }))[0]!;
    expect((await yunying.get(`${W}/banner/detail`, { id: south.id })).http).toBe(404);
    expect((await kefu.post(`${W}/banner/list`, {})).http).toBe(403);
  });

  it('lets a specialist neither see nor change another region’s content, nor write it there', async () => {
    // 赵雅琪 works in 华东 (翠湖天地, 锦绣华庭); 滨江一号 is 华南's.
    const south = DEMO_PROJECTS.binjiang.id;
    const kinds: [string, string, Rec][] = [
      ['banner', 'title', { action: 'publish' }],
      ['advert', 'ad_name', { action: 'submit' }],
      ['popup', 'title', {}],
      ['article', 'title', {}],
      ['massNotice', 'title', { action: 'submit' }],
      ['activity', 'title', { action: 'submit' }],
    ];
    for (const [what, label, move] of kinds) {
      const record = (await list(admin, what, { project_id: south }))[0]!;
      expect(record, what).toBeDefined();
      expect((await yunying.get(`${W}/${what}/detail`, { id: record.id })).http, what).toBe(404);
      expect((await list(yunying, what)).some((r) => r.id === record.id), what).toBe(false);
      expect((await yunying.post(`${W}/${what}/update`, { id: record.id, [label]: '越权修改' })).http, what).toBe(404);
      expect([403, 404], what).toContain((await yunying.post(`${W}/${what}/delete`, { ids: [record.id] })).http);
      if (move.action) expect((await yunying.post(`${W}/${what}/transition`, { id: record.id, ...move })).http, what).toBe(404);
      // Untouched.
      expect((await admin.get(`${W}/${what}/detail`, { id: record.id })).body.data[label], what).toBe(record[label]);
    }
    // Nor can she create content in a project beyond her scope.
    const banner = await yunying.post(`${W}/banner/add`, { project_id: south, app_code: 'yxl', title: '越权 Banner', pic_url: await image(), position: 'home', start_time: Date.now() + HOUR, end_time: Date.now() + 2 * HOUR });
    expect(banner.http).toBe(403);
  });

  it('takes a published banner online at its start time and offline at its end, as 系统, once', async () => {
    const now = Date.now();
    const id = await newBanner('冬至吃饺子 · 社区包饺子活动', now + HOUR, now + 2 * HOUR);
    // Unpublished, a banner waits whatever the time.
    await server.app.workflowTimers.run(now + 3 * HOUR);
    expect((await yunying.get(`${W}/banner/detail`, { id })).body.data.status).toBe('draft');
    await yunying.post(`${W}/banner/transition`, { id, action: 'publish' });
    await server.app.workflowTimers.run(now + HOUR - 1000);
    expect((await yunying.get(`${W}/banner/detail`, { id })).body.data.status).toBe('scheduled');
    await server.app.workflowTimers.run(now + HOUR + 1000);
    expect((await yunying.get(`${W}/banner/detail`, { id })).body.data.status).toBe('online');
    // While online it cannot be changed: take it down first.
    const edit = await yunying.post(`${W}/banner/update`, { id, title: '改标题' });
    expect([edit.http, edit.body.message]).toEqual([400, '待上线或已上线的 Banner 不能修改或删除，请先下线或撤回']);
    // A second pass at the same moment moves nothing more.
    await server.app.workflowTimers.run(now + HOUR + 2000);
    expect((await timeline('banner', id)).filter((t) => t.action === 'goLive')).toHaveLength(1);
    await server.app.workflowTimers.run(now + 2 * HOUR + 1000);
    const steps = await timeline('banner', id);
    expect(steps.map((t) => [t.action, t.staff_name])).toEqual([
      ['create', '赵雅琪'],
      ['publish', '赵雅琪'],
      ['goLive', '系统'],
      ['takeDown', '系统'],
    ]);
    expect(steps[2].note).toBe('已到上线时间，系统自动上线');
    expect(steps[3].note).toBe('已到下线时间，系统自动下线');
  });

  it('refuses bad banners and popups with a clear message, changing nothing', async () => {
    const now = Date.now();
    const before = (await list(yunying, 'banner')).length;
    const backwards = await yunying.post(`${W}/banner/add`, { project_id: DEMO_PROJECTS.cuihu.id, app_code: 'yxl', title: '时间颠倒', pic_url: await image(), position: 'home', start_time: now + 2 * HOUR, end_time: now + HOUR });
    expect([backwards.http, backwards.body.message]).toEqual([400, '下线时间须晚于上线时间']);
    const emptyImage = await yunying.post(`${W}/banner/add`, { project_id: DEMO_PROJECTS.cuihu.id, app_code: 'yxl', title: '空图', pic_url: [], position: 'home', start_time: now, end_time: now + HOUR });
    expect([emptyImage.http, emptyImage.body.message]).toEqual([400, '请填写图片']);
    const noImage = await yunying.post(`${W}/banner/add`, { project_id: DEMO_PROJECTS.cuihu.id, app_code: 'yxl', title: '无图', position: 'home', start_time: now, end_time: now + HOUR });
    expect([noImage.http, noImage.body.message]).toEqual([400, '请填写图片']);
    const foreignImage = await yunying.post(`${W}/popup/add`, { project_id: DEMO_PROJECTS.cuihu.id, title: '外链图', image: ['/files/2026-11/not-ours.png'], target: 'all', frequency: 'daily', start_time: now, end_time: now + HOUR });
    expect([foreignImage.http, foreignImage.body.message]).toEqual([400, '弹窗图片中有文件不是本系统上传的文件，请重新上传']);
    const script = await yunying.post(`${W}/banner/add`, { project_id: DEMO_PROJECTS.cuihu.id, app_code: 'yxl', title: '链接', pic_url: await image(), position: 'home', url: 'javascript:alert(1)', start_time: now, end_time: now + HOUR });
    expect([script.http, script.body.message]).toEqual([400, '跳转链接：须以 http://、https:// 或 / 开头']);
    const elsewhere = await yunying.post(`${W}/banner/add`, { project_id: DEMO_PROJECTS.binjiang.id, app_code: 'yxl', title: '华南', pic_url: await image(), position: 'home', start_time: now, end_time: now + HOUR });
    expect(elsewhere.http).toBe(403);
    expect((await list(yunying, 'banner')).length).toBe(before);
  });

  it('saves a dragged order: the rows take the order values they held, within the caller’s scope, all or nothing', async () => {
    const rows = await list(yunying, 'popup', { project_id: DEMO_PROJECTS.cuihu.id });
    const ids = rows.map((r) => r.id as number);
    const held = rows.map((r) => r.sort as number);
    const moved = [ids.at(-1)!, ...ids.slice(0, -1)];
    const saved = await yunying.post(`${W}/popup/reorder`, { ids: moved });
    expect(saved.body.message).toBe('排序已保存');
    const after = await list(yunying, 'popup', { project_id: DEMO_PROJECTS.cuihu.id });
    expect(after.map((r) => r.id)).toEqual(moved);
    expect(after.map((r) => r.sort)).toEqual(held);
    // A record out of scope fails the whole call; a role without the code is refused.
    const south = (await list(admin, 'popup', { project_id: DEMO_PROJECTS.binjiang.id }))[0]!;
    expect((await yunying.post(`${W}/popup/reorder`, { ids: [south.id, ...ids] })).http).toBe(404);
    expect((await list(yunying, 'popup', { project_id: DEMO_PROJECTS.cuihu.id })).map((r) => r.id)).toEqual(moved);
    expect((await kefu.post(`${W}/popup/reorder`, { ids })).http).toBe(403);
    expect((await yunying.post(`${W}/popup/reorder`, { ids: [ids[0], ids[0]] })).http).toBe(400);
    // Records sharing an order value get distinct ones, in the order given.
    const cards = await list(yunying, 'systemCard');
    await server.app.db.updateTable('system_card' as never).set({ sort: 5 } as never).execute();
    const order = cards.map((c) => c.id as number).reverse();
    await yunying.post(`${W}/systemCard/reorder`, { ids: order });
    expect((await list(yunying, 'systemCard')).map((c) => [c.id, c.sort])).toEqual(order.map((id, i) => [id, 5 + i]));
  });

  it('puts applications online only in the caller’s projects', async () => {
    const [category] = (await admin.get('/api/base/serviceCategory/options')).body.data as { value: number }[];
    const app = { app_code: 'owner', category_id: category!.value, name: '社区团购', icon: await image(), link_type: 'h5', url: 'https://m.yuejia-wuye.com/group-buy' };
    const south = await yunying.post(`${W}/application/add`, { ...app, project_ids: [DEMO_PROJECTS.binjiang.id] });
    expect([south.http, south.body.message]).toEqual([403, '不能在权限范围以外的项目上线应用']);
    const added = await yunying.post(`${W}/application/add`, { ...app, project_ids: EAST });
    expect(added.body.message).toBe('新增成功');
    expect((await yunying.get(`${W}/application/detail`, { id: added.body.data.id })).body.data.project_ids_label).toBe('翠湖天地、锦绣华庭');
    // 物业缴费 is online in every project, 华南 included: a 华东 specialist cannot change it.
    const everywhere = (await list(yunying, 'application', { name: '物业缴费' }))[0]!;
    const edit = await yunying.post(`${W}/application/update`, { id: everywhere.id, remark: '改' });
    expect([edit.http, edit.body.message]).toEqual([403, '该应用已在您权限范围以外的项目上线，不能修改']);
    const bad = await yunying.post(`${W}/application/add`, { ...app, name: '小程序', link_type: 'mini', url: 'pages/a/index', appid: 'abc', project_ids: EAST });
    expect([bad.http, bad.body.message]).toEqual([400, '小程序 AppID：须为 wx 加 16 位十六进制字符']);
  });

  it('plays an advert only once approved, from its start to its end', async () => {
    const now = Date.now();
    const added = await yunying.post(`${W}/advert/add`, {
      project_id: DEMO_PROJECTS.jinxiu.id, version: 'new', ad_name: '盒马鲜生社区专享券', position: 'owner_home', classify: '9002', items: await image(),
      link_type: 'outer', link_url: 'https://www.freshhema.com/coupon', start_time: now + HOUR, end_time: now + 5 * HOUR, advertiser: '盒马鲜生', fee: 6800,
    });
    const id = added.body.data.id as number;
    expect((await yunying.post(`${W}/advert/transition`, { id, action: 'submit' })).body.data.state).toBe('pending');
    // The specialist cannot approve her own advert; under approval it cannot be edited.
    expect((await yunying.post(`${W}/advert/transition`, { id, action: 'approve' })).http).toBe(403);
    const edit = await yunying.post(`${W}/advert/update`, { id, fee: 1 });
    expect([edit.http, edit.body.message]).toEqual([400, '待审核、待播放或播放中的广告不能修改或删除，请先撤回或下线']);
    // Pending, the timers leave it alone even past its start.
    await server.app.workflowTimers.run(now + 2 * HOUR);
    expect((await yunying.get(`${W}/advert/detail`, { id })).body.data.status).toBe('pending');
    const task = ((await admin.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'advertising' } })).body.data.records as Rec[]).find((t) => t.title === '盒马鲜生社区专享券')!;
    expect(task.step_name).toBe('运营总监审批');
    await admin.post('/api/approve/task/approve', { id: task.id, comment: '同意投放' });
    expect((await yunying.get(`${W}/advert/detail`, { id })).body.data.status).toBe('approved');
    await server.app.workflowTimers.run(now + 2 * HOUR);
    expect((await yunying.get(`${W}/advert/detail`, { id })).body.data.status).toBe('online');
    await server.app.workflowTimers.run(now + 6 * HOUR);
    expect((await yunying.get(`${W}/advert/detail`, { id })).body.data.status).toBe('offline');
    expect((await timeline('advert', id)).map((t) => t.action)).toEqual(['create', 'submit', 'approve', 'goLive', 'takeDown']);
  });

  it('plays a video advert: one MP4 of at most 50 MB, read by its bytes, instead of images', async () => {
    const now = Date.now();
    // An MP4 starts with its ftyp box (the file service reads the kind from the bytes).
    const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
    const mp4 = new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypisom'), 0, 0, 2, 0, ...ascii('isomiso2'), 0, 0, 0, 8, ...ascii('free'), ...new Array(256).fill(7)]);
    const base = { project_id: DEMO_PROJECTS.cuihu.id, version: 'new', ad_name: '社区生鲜直送宣传片', position: 'owner_home', link_type: 'none', start_time: now + HOUR, end_time: now + 5 * HOUR };
    const none = await yunying.post(`${W}/advert/add`, { ...base, media_type: 'video' });
    expect([none.http, none.body.message]).toEqual([400, '请上传广告视频']);
    const noImage = await yunying.post(`${W}/advert/add`, { ...base, media_type: 'image' });
    expect([noImage.http, noImage.body.message]).toEqual([400, '请上传广告图片']);
    // A picture renamed .mp4 is still a picture: refused.
    const fake = await storeFile(yunying, '宣传片.mp4', PNG, 'video/mp4');
    const wrong = await yunying.post(`${W}/advert/add`, { ...base, media_type: 'video', video: [fake] });
    expect(wrong.http).toBe(400);
    expect(wrong.body.message).toContain('MP4');
    const film = await storeFile(yunying, '宣传片.mp4', mp4, 'video/mp4');
    expect(film.url).toMatch(/\.mp4$/);
    const added = await yunying.post(`${W}/advert/add`, { ...base, media_type: 'video', video: [film], items: await image() });
    expect(added.body.message).toBe('新增成功');
    const saved = (await yunying.get(`${W}/advert/detail`, { id: added.body.data.id })).body.data;
    // One kind of material: the images sent beside the video are not kept.
    expect(saved).toMatchObject({ media_type: 'video', items: null, video: [{ url: film.url, name: '宣传片.mp4' }] });
    // Back to images: the video goes.
    expect((await yunying.post(`${W}/advert/update`, { id: saved.id, media_type: 'image', items: await image() })).body.message).toBe('保存成功');
    expect((await yunying.get(`${W}/advert/detail`, { id: saved.id })).body.data).toMatchObject({ media_type: 'image', video: null });
  });

  it('publishes an article after 运营内容审核, at its publish time; rich text is sanitised', async () => {
    const now = Date.now();
    const added = await yunying.post(`${W}/article/add`, {
      project_id: DEMO_PROJECTS.cuihu.id, category: 'notice', title: '电梯维保公示', author: '物业服务中心', publish_at: now + HOUR,
      content: '<p>3 号楼电梯本周三维保。</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
    });
    const id = added.body.data.id as number;
    const stored = (await yunying.get(`${W}/article/detail`, { id })).body.data.content as string;
    expect(stored).toContain('3 号楼电梯本周三维保');
    expect(stored).not.toMatch(/onerror|<script/);
    await yunying.post(`${W}/article/transition`, { id, action: 'submit' });
    const task = ((await admin.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'operational' } })).body.data.records as Rec[]).find((t) => t.title === '电梯维保公示')!;
    const rejected = await admin.post('/api/approve/task/reject', { id: task.id, comment: '请写明维保时段' });
    expect(rejected.body.data.status).toBe('rejected');
    expect((await yunying.get(`${W}/article/detail`, { id })).body.data.status).toBe('rejected');
    expect((await yunying.post(`${W}/article/update`, { id, content: '<p>3 号楼电梯本周三 9:00-12:00 维保，请走楼梯。</p>' })).body.message).toBe('保存成功');
    await yunying.post(`${W}/article/transition`, { id, action: 'submit' });
    const again = ((await admin.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'operational' } })).body.data.records as Rec[]).find((t) => t.title === '电梯维保公示')!;
    await admin.post('/api/approve/task/approve', { id: again.id });
    expect((await yunying.get(`${W}/article/detail`, { id })).body.data.status).toBe('approved');
    await server.app.workflowTimers.run(now + HOUR + 1000);
    expect((await yunying.get(`${W}/article/detail`, { id })).body.data.status).toBe('online');
  });

  it('puts a convenience service online only after 周边审批, with a phone number that can be dialled', async () => {
    const bad = await yunying.post(`${W}/convenience/add`, { project_id: DEMO_PROJECTS.jinxiu.id, name: '开锁服务', category: 'merchant', phone: '12345' + 'abc' });
    expect([bad.http, bad.body.message]).toEqual([400, '电话：须为手机号、座机号（如 021-62345678）、400 电话或 110 等短号']);
    const id = (await yunying.post(`${W}/convenience/add`, { project_id: DEMO_PROJECTS.jinxiu.id, name: '金钥匙开锁', category: 'merchant', phone: '13801234567', address: '小区西门', business_hours: '24 小时' })).body.data.id as number;
    await yunying.post(`${W}/convenience/transition`, { id, action: 'submit' });
    expect((await yunying.post(`${W}/convenience/transition`, { id, action: 'approve' })).http).toBe(403);
    const task = ((await admin.post('/api/approve/task/list', { pageSize: 50, filters: { view: 'todo', biz_type: 'ambitus' } })).body.data.records as Rec[]).find((t) => t.title === '金钥匙开锁')!;
    await admin.post('/api/approve/task/approve', { id: task.id });
    expect((await yunying.get(`${W}/convenience/detail`, { id })).body.data.status).toBe('online');
  });

  it('handles owners’ app feedback: a reply is required, the contact stays masked, only the region’s', async () => {
    const rows = await list(yunying, 'appFeedback', { status: ['new'] });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => EAST.includes(r.project_id) && /^1\d{2}\*{4}\d{4}$/.test(r.contact))).toBe(true);
    const [first] = rows;
    const empty = await yunying.post(`${W}/appFeedback/transition`, { id: first!.id, action: 'handle', values: {} });
    expect([empty.http, empty.body.message]).toEqual([400, '请填写处理回复']);
    const done = await yunying.post(`${W}/appFeedback/transition`, { id: first!.id, action: 'handle', values: { reply: '已安排技术人员排查，新版本修复后通知您。' } });
    expect(done.body.message).toBe('处理完成');
    expect((await yunying.get(`${W}/appFeedback/detail`, { id: first!.id })).body.data).toMatchObject({ status: 'done', handled_by_label: '赵雅琪' });
    // Staff answer owners' feedback; they do not write it.
    expect((await yunying.post(`${W}/appFeedback/add`, { type: 'bug', content: 'x' })).http).toBe(404);
  });
});

