import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';
import { freePort } from '../support/server.ts';
import { DEMO_PROJECTS, DEMO_STAFF } from '../../server/modules/org/demo.ts';
import { transportSign } from '../../server/modules/transport/public.ts';

/**
 * /transport-manager/transportTasks: what the product sends to other systems (a commission
 * distribution submitted to OA), queued with the transaction that made it, POSTed signed to
 * PMS_TRANSPORT_URL by the timers, retried with backoff, and sent again at once by 重试.
 * The receiver is a loopback HTTP server that checks the signature and can be made to refuse.
 */
const port = await freePort();
const received: { body: Record<string, any>; signed: boolean }[] = [];
let refuse = false;
const receiver = http.createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    const signed = transportSign('pms-demo-sign-seed-2026', Number(req.headers['x-pms-timestamp']), text) === req.headers['x-pms-signature'];
    received.push({ body: JSON.parse(text), signed });
    res.statusCode = refuse ? 503 : 200;
    res.end('{}');
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const server = setUpServer({ PMS_TRANSPORT_URL: `http://127.0.0.1:${port}/sync`, PMS_TIMER_INTERVAL_MS: '200' });
const [admin, xingzheng, yunying] = setUpApis(server, 'admin', 'xingzheng', 'yunying');
const T = '/api/transport/syncTask';
const C = '/api/commission';
type Rec = Record<string, any>;
const tasks = async (filters: Rec) => (await admin.post(`${T}/list`, { pageSize: 100, filters })).body.data.records as Rec[];

/** A distribution submitted to OA: answers its code. */
async function submitted(): Promise<string> {
  const pool = await xingzheng.post(`${C}/pool/add`, { project_id: DEMO_PROJECTS.cuihu.id, period: `20${10 + received.length}-03`, biz_type: 'referral', income_amount: 10000, rate: 10 });
  await xingzheng.post(`${C}/pool/transition`, { id: pool.body.data.id, action: 'lock' });
  const d = await xingzheng.post(`${C}/distribution/add`, { project_id: DEMO_PROJECTS.cuihu.id, pool_id: pool.body.data.id, title: '推荐奖励分配', amount: 500, lines: [{ staff_id: DEMO_STAFF.weixiu, amount: 500 }] });
  expect((await xingzheng.post(`${C}/distribution/transition`, { id: d.body.data.id, action: 'submit' })).body.message).toBe('已提交 OA 审批');
  return (await xingzheng.get(`${C}/distribution/detail`, { id: d.body.data.id })).body.data.code;
}

describe('data transport', () => {
  it('is in the demo: a month of pushes to the report and patrol platforms, some retried or failed', async () => {
    const all = (await admin.post(`${T}/list`, { pageSize: 1000 })).body.data.records as Rec[];
    expect(new Set(all.map((t) => t.target))).toEqual(new Set(['report', 'patrol']));
    expect(all.filter((t) => t.status === 'sent').length).toBeGreaterThan(all.length / 2);
    expect(all.some((t) => t.status === 'failed' && t.attempts === 5 && t.last_error)).toBe(true);
    expect(all.every((t) => /^[0-9a-f]{64}$/.test(t.payload_hash))).toBe(true);
  });

  it('sends what OA must review, signed, once the submission commits', async () => {
    const code = await submitted();
    await expect.poll(async () => (await tasks({ biz_no: code }))[0]?.status, { timeout: 10_000 }).toBe('sent');
    const [task] = await tasks({ biz_no: code });
    expect(task).toMatchObject({ target: 'oa', biz_type: 'commission_distribution', attempts: 1, last_error: null });
    const got = received.find((r) => r.body.bizNo === code)!;
    expect(got.signed).toBe(true);
    expect(got.body.payload.oaProcessNo).toMatch(/^OA\d{8}/);
    expect(got.body.payload.reviewLink).toContain('/commission/approve/detail');
    const detail = (await admin.get(`${T}/detail`, { id: task!.id })).body.data;
    expect(JSON.parse(detail.payload)).toEqual(got.body.payload);
  });

  it('retries a refused message with backoff, and 重试 sends it again at once', async () => {
    refuse = true;
    const code = await submitted();
    await expect.poll(async () => (await tasks({ biz_no: code }))[0]?.status, { timeout: 10_000 }).toBe('retrying');
    const [task] = await tasks({ biz_no: code });
    expect(task).toMatchObject({ attempts: 1, last_error: '接收方返回 HTTP 503' });
    expect(task!.next_at).toBeGreaterThan(Date.now() + 30_000);
    const again = await admin.post(`${T}/retry`, { id: task!.id });
    expect(again.body.message).toBe('重新发送失败，稍后将自动重试');
    expect((await tasks({ biz_no: code }))[0]!.attempts).toBe(2);
    refuse = false;
    const sent = await admin.post(`${T}/retry`, { id: task!.id });
    expect(sent.body.message).toBe('重新发送成功');
    expect((await tasks({ biz_no: code }))[0]).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(received.filter((r) => r.body.bizNo === code)).toHaveLength(3);
    expect((await admin.post(`${T}/retry`, { id: task!.id })).body.message).toBe('该任务已发送成功，无需重试');
    expect((await admin.post(`${T}/retry`, { id: 99_999_999 })).body.status).toBe('404');
    expect((await admin.post(`${T}/retry`, { id: 'x' })).body.status).toBe('400');
  });

  it('is for administrators only', async () => {
    for (const api of [xingzheng, yunying]) {
      expect((await api.post(`${T}/list`, {})).body.status).toBe('403');
      expect((await api.post(`${T}/retry`, { id: 1 })).body.status).toBe('403');
    }
  });
});
