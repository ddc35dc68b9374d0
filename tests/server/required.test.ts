import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { Api } from '../support/api.ts';
import { setUpApis, setUpServer } from '../support/setup.ts';

/** Pre-shift required reading (/requiredBeforeClass, design notes 12). */
const server = setUpServer();
const [peixun, weixiu, kefu] = setUpApis(server, 'peixun', 'weixiu', 'kefu');
const L = '/api/learning';

async function upload(api: Api, name: string, bytes: Uint8Array, type: string): Promise<{ url: string; name: string; size: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const { replay, sign } = api.signed({});
  const response = await fetch(`${server.url}/api/file/upload?${new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]))}`, { method: 'POST', headers: { token: api.token, authtoken: api.token, sign }, body: form });
  const data = ((await response.json()) as { data: { cdnUrl: string; fileSize: number; fileSampleName: string } }).data;
  return { url: data.cdnUrl, name: data.fileSampleName, size: data.fileSize };
}

const QUIZ = [
  { question: '灭火器压力表指针应在哪个区域？', type: 'single', options: [{ text: '红区' }, { text: '绿区', right: true }, { text: '黄区' }] },
  { question: '哪些行为违反消防规定？', type: 'multiple', options: [{ text: '占用疏散通道', right: true }, { text: '锁闭安全出口', right: true }, { text: '定期巡检' }] },
];
const course = (values: Record<string, unknown>) => peixun.post(`${L}/required/course/add`, { title: '灭火器检查要点', category: 'safety', content_type: 'article', content: '<p>每月检查一次压力表。</p>', min_read_sec: 20, quiz: QUIZ, ...values });

describe('required courses', () => {
  it('keeps an article, a PDF document and their quiz, refusing content that does not fit the kind', async () => {
    const article = await course({});
    expect(article.body.message).toBe('新增成功');
    expect((await peixun.get(`${L}/required/course/detail`, { id: article.body.data.id })).body.data).toMatchObject({ quiz_count: 2, min_read_sec: 20 });

    expect((await course({ content: '<p> </p>' })).body.message).toBe('图文课程须填写正文');
    const doc = await PDFDocument.create();
    doc.addPage([300, 200]);
    const pdf = await upload(peixun, '消防制度.pdf', await doc.save(), 'application/pdf');
    expect((await course({ content_type: 'video', files: [pdf] })).body.message).toBe('视频课程须上传一个 MP4 视频');
    expect((await course({ content_type: 'pdf', files: [pdf], content: null })).body.message).toBe('新增成功');

    expect((await course({ quiz: [{ question: '判断', type: 'judge', options: [{ text: '正确', right: true }, { text: '错误', right: true }] }] })).body.message).toBe('第 1 道测验题（判断题）须有且只有一个正确选项');
    expect((await course({ quiz: [{ question: '多选', type: 'multiple', options: [{ text: '甲', right: true }, { text: '乙' }] }] })).body.message).toBe('第 1 道测验题（多选题）至少需要两个正确选项');
    expect((await course({ quiz: [...QUIZ, ...QUIZ] })).http).toBe(400);
  });

  it('lets only the training administrator manage courses', async () => {
    expect((await kefu.post(`${L}/required/course/list`, { pageNum: 1, pageSize: 10 })).http).toBe(403);
    expect((await weixiu.post(`${L}/required/course/add`, { title: 'x', category: 'safety', content_type: 'article', content: '<p>x</p>', min_read_sec: 0 })).http).toBe(403);
    const list = await peixun.post(`${L}/required/course/list`, { pageNum: 1, pageSize: 50 });
    expect(list.body.data.records.map((r: { title: string }) => r.title)).toContain('电梯困人应急处置流程');
  });
});
