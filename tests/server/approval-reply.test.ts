import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { DEMO_PROJECTS } from '../../server/modules/org/demo.ts';

/**
 * 对外回复审批 (/approve-manager/reply): replies to owners (from work orders, owner feedback,
 * the mailbox, complaints) are the resource external_reply, approvable by declaration
 * (schemas/approval/resources/external_reply.json); a reply reaches the owner (published) only
 * when its approval passes. 翠湖天地's replies go to the project manager under the demo flow.
 */
const server = setUpServer();
const [kefu, xmjl, weixiu, xuncha] = setUpApis(server, 'kefu', 'xmjl', 'weixiu', 'xuncha');
const R = '/api/approve/reply';
const A = '/api/approve';
const DAY = 24 * 3600_000;

const replyOf = async (id: number) => (await kefu.get(`${R}/detail`, { id })).body.data as Record<string, any>;
const myTask = async (subject: string) => ((await xmjl.post(`${A}/task/list`, { pageSize: 50, filters: { view: 'todo', biz_type: 'reply' } })).body.data.records as { id: number; title: string }[]).find((t) => t.title === subject);

async function drafted(subject: string): Promise<number> {
  const added = await kefu.post(`${R}/add`, { project_id: DEMO_PROJECTS.cuihu.id, source: 'feedback', source_code: 'FK20261101', customer_name: '钱女士', subject, content: '钱女士您好，您反映的问题已处理完毕。' });
  expect(added.body.message).toBe('新增成功');
  return added.body.data.id;
}

describe('external replies', () => {
  it('are in the demo over four months: published, waiting, rejected and rewritten, drafts', async () => {
    const rows = (await xmjl.post(`${R}/list`, { pageSize: 100 })).body.data.records as Record<string, any>[];
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['published', 'pending', 'draft']));
    expect(Math.min(...rows.map((r) => r.created_at))).toBeLessThan(Date.now() - 100 * DAY);
    expect(rows.every((r) => r.project_id === DEMO_PROJECTS.cuihu.id)).toBe(true);
    const rejected = (await xmjl.post(`${A}/instance/list`, { pageSize: 100, filters: { view: 'all', biz_type: 'reply', status: ['rejected'] } })).body.data.records;
    expect(rejected.map((r: { title: string }) => r.title)).toEqual(['关于增设快递柜的建议']);
    expect(await myTask('楼道照明更换说明')).toBeDefined();
  });

  it('reach the owner only when approved; a rejected one is rewritten and resubmitted', async () => {
    const id = await drafted('单元门禁维修回复');
    const submitted = await kefu.post(`${R}/transition`, { id, action: 'submit' });
    expect(submitted.body.data.state).toBe('pending');
    expect(await replyOf(id)).toMatchObject({ status: 'pending', replier_id_label: '林晓雯', published_at: null });
    // Under approval the reply cannot be changed, nor published by its own move by someone else.
    expect((await kefu.post(`${R}/update`, { id, content: '改了' })).http).toBe(409);
    const task = await myTask('单元门禁维修回复');
    const rejected = await xmjl.post(`${A}/task/reject`, { id: task!.id, comment: '请写明维修完成时间' });
    expect(rejected.body.data.status).toBe('rejected');
    expect((await replyOf(id)).status).toBe('rejected');
    expect((await kefu.post(`${R}/update`, { id, content: '钱女士您好，单元门禁已于 11 月 27 日修复。' })).body.message).toBe('保存成功');
    await kefu.post(`${R}/transition`, { id, action: 'submit' });
    // The project manager approves on the reply screen's own 同意发布 move.
    const published = await xmjl.post(`${R}/transition`, { id, action: 'publish' });
    expect([published.body.message, published.body.data.state]).toEqual(['审批通过', 'published']);
    const reply = await replyOf(id);
    expect(reply.published_at).toBeGreaterThan(Date.now() - 60_000);
    const view = (await kefu.get(`${A}/instance/view`, { id: (await kefu.post(`${A}/instance/list`, { pageSize: 5, filters: { view: 'mine', biz_type: 'reply' } })).body.data.records[0].id })).body.data;
    expect(view.snapshot).toContainEqual({ label: '拟回复内容', value: '钱女士您好，单元门禁已于 11 月 27 日修复。' });
  });

  it('are written by those granted, and checked like any record', async () => {
    expect((await weixiu.post(`${R}/list`, {})).http).toBe(403);
    expect((await xuncha.post(`${R}/add`, { project_id: DEMO_PROJECTS.cuihu.id, source: 'feedback', source_code: 'x', customer_name: 'x', subject: 'x', content: 'x' })).http).toBe(403);
    const missing = await kefu.post(`${R}/add`, { project_id: DEMO_PROJECTS.cuihu.id, source: 'feedback', source_code: 'FK1', customer_name: '钱女士', subject: '无内容' });
    expect([missing.http, missing.body.message]).toEqual([400, '请填写拟回复内容']);
    // 林晓雯 works at 翠湖天地 only.
    expect((await kefu.post(`${R}/add`, { project_id: DEMO_PROJECTS.jinxiu.id, source: 'feedback', source_code: 'FK2', customer_name: '钱女士', subject: '跨项目', content: '内容' })).http).toBe(403);
  });
});
