import { describe, expect, it } from 'vitest';
import { setUpApis, setUpServer } from '../support/setup.ts';

/**
 * Patrol dead ends (issue 42, daily work 7): an abnormal record's problems become work orders
 * through the work-order intake (its code, deadlines, timeline and notice), once each, and
 * only for records the caller may see and handle.
 */
const server = setUpServer();
const [admin, xuncha, pinzhi] = setUpApis(server, 'admin', 'xuncha', 'pinzhi');
const P = '/api/patrol';
const db = () => server.app.db;

interface Item { result: string; workOrderCode: string | null }

async function abnormalRecord(): Promise<number> {
  const rows = await db().selectFrom('tbp_record').select(['id', 'items']).where('problem_count', '>', 0).orderBy('id').execute();
  const open = rows.find((r) => (JSON.parse(r.items) as Item[]).some((i) => i.result === 'fail' && !i.workOrderCode));
  expect(open).toBeDefined();
  return open!.id;
}

describe('an abnormal patrol record turned into a work order', () => {
  it('raises a repair order through the intake, links it to the record, and refuses a second time', async () => {
    const id = await abnormalRecord();
    const answer = await admin.post(`${P}/tbpRecord/toWorkOrder`, { id });
    expect(answer.body.code).toBe('200');
    const codes = answer.body.data.workOrders as string[];
    expect(codes.length).toBeGreaterThan(0);
    expect(answer.body.message).toBe(`已转为工单 ${codes.join('、')}`);
    const order = await db().selectFrom('work_order').selectAll().where('code', '=', codes[0]!).executeTakeFirstOrThrow();
    // The intake's doing: the order's own code series, its deadlines, source and first timeline step.
    expect(order).toMatchObject({ source: 'patrol', kind: 'repair', status: 'pending' });
    expect(order.response_due_at).not.toBeNull();
    expect(String(order.title)).toMatch(/^巡查问题：/);
    const step = await db().selectFrom('resource_timeline').selectAll().where('resource', '=', 'work_order').where('record_id', '=', order.id).executeTakeFirstOrThrow();
    expect(step.note).toMatch(/^由巡查记录转入/);
    const link = await db().selectFrom('tbp_record_order').selectAll().where('record_id', '=', id).where('work_order_id', '=', order.id).executeTakeFirst();
    expect(link).toBeDefined();
    const items = JSON.parse((await db().selectFrom('tbp_record').select('items').where('id', '=', id).executeTakeFirstOrThrow()).items) as Item[];
    expect(items.filter((i) => i.result === 'fail').every((i) => i.workOrderCode)).toBe(true);

    const again = await admin.post(`${P}/tbpRecord/toWorkOrder`, { id });
    expect([again.http, again.body.message]).toEqual([409, '该记录的问题都已转为工单']);
    expect(await db().selectFrom('work_order').select('id').where('code', 'in', codes).execute()).toHaveLength(codes.length);
  });

  it('refuses a record without problems, an unknown record, and a caller without the handling code', async () => {
    const normal = await db().selectFrom('tbp_record').select('id').where('problem_count', '=', 0).executeTakeFirstOrThrow();
    const before = await db().selectFrom('work_order').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect((await admin.post(`${P}/tbpRecord/toWorkOrder`, { id: normal.id })).body.message).toBe('该记录没有问题，无需转工单');
    expect((await admin.post(`${P}/tbpRecord/toWorkOrder`, { id: 99_999_999 })).body.message).toBe('巡查记录不存在或已被删除');
    const id = await abnormalRecord();
    expect((await xuncha.post(`${P}/tbpRecord/toWorkOrder`, { id })).http).toBe(403);
    expect((await pinzhi.post(`${P}/tbpRecord/toWorkOrder`, { id })).http).toBe(403);
    expect(await db().selectFrom('work_order').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });
});
