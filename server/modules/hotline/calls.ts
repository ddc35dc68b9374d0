import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AnyDB, Row } from '../../engine/hooks.ts';
import { visibleProjectIds } from '../../engine/scope.ts';
import type { StaffContext } from '../../platform/types.ts';

/** A caller's number: a mobile or a fixed line with its area code (as work orders take it). */
export const PHONE_PATTERN = '^(1[3-9]\\d{9}|0\\d{2,3}-?\\d{7,8})$';
export const PHONE_MESSAGE = '请填写 11 位手机号或带区号的固定电话';
export const NOT_CONFIGURED = '未配置电话服务商：演示环境只记录通话，不会真正拨出电话';

const KINDS: Record<string, string> = { owner: '业主', tenant: '租户', family: '家庭成员' };

export interface Caller {
  id: number;
  name: string;
  mobile: string;
  kind: string;
  kindText: string;
  project_id: number;
  project_name: string;
  house_id: number | null;
  house_label: string;
  /** Work orders of this customer, and those still open. */
  orderCount: number;
  openCount: number;
}

/**
 * The customers a phone number belongs to, in the projects the operator may see: the whole
 * number matches exactly, 4 to 10 digits match the end of the number (尾号).
 */
export async function findCallers(app: FastifyInstance, staff: StaffContext, phone: string): Promise<Caller[]> {
  const db = app.db as unknown as AnyDB;
  const projects = await visibleProjectIds(app.db, staff);
  if (!projects.length) return [];
  const whole = new RegExp(PHONE_PATTERN).test(phone);
  const rows = (await db
    .selectFrom('customer as c')
    .innerJoin('org as o', 'o.id', 'c.project_id')
    .leftJoin('house as h', 'h.id', 'c.house_id')
    .select([
      'c.id',
      'c.name',
      'c.mobile',
      'c.kind',
      'c.project_id',
      'o.name as project_name',
      'c.house_id',
      sql<string>`coalesce(h.building_name || ' ' || h.unit_no || '单元 ' || h.room_no, '')`.as('house_label'),
      (eb) => eb.selectFrom('work_order as w').select(eb.fn.countAll<number>().as('n')).whereRef('w.customer_id', '=', 'c.id').where('w.status', '!=', 'draft').as('orderCount'),
      (eb) =>
        eb
          .selectFrom('work_order as w')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('w.customer_id', '=', 'c.id')
          .where('w.status', 'not in', ['draft', 'finished', 'closed', 'improper_closed'])
          .as('openCount'),
    ])
    .where('c.project_id', 'in', projects)
    .where('c.mobile', whole ? '=' : 'like', whole ? phone : `%${phone}`)
    .orderBy('c.project_id')
    .orderBy('c.id')
    .limit(20)
    .execute()) as Row[];
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    mobile: String(r.mobile),
    kind: String(r.kind),
    kindText: KINDS[String(r.kind)] ?? String(r.kind),
    project_id: Number(r.project_id),
    project_name: String(r.project_name),
    house_id: r.house_id === null ? null : Number(r.house_id),
    house_label: String(r.house_label ?? ''),
    orderCount: Number(r.orderCount ?? 0),
    openCount: Number(r.openCount ?? 0),
  }));
}

/** The operator's enabled seat (坐席), or undefined. */
export async function seatOf(db: AnyDB, staffId: number): Promise<{ id: number; agent_num: string } | undefined> {
  return (await db.selectFrom('hotline_seat').select(['id', 'agent_num']).where('staff_id', '=', staffId).where('enabled', '=', 1).executeTakeFirst()) as
    | { id: number; agent_num: string }
    | undefined;
}

export interface CallRecord {
  direction: 'in' | 'out';
  phone: string;
  status: 'received' | 'dialed' | 'failed' | 'recorded';
  agentNum: string | null;
  message: string | null;
  providerCallId?: string | null;
  caller?: Caller;
}

/** Writes one call to the history (hotline_call) and answers its id; the caller's transaction, if any. */
export async function recordCall(db: AnyDB, staff: StaffContext, call: CallRecord): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('hotline_call')
    .values({
      direction: call.direction,
      phone: call.phone,
      customer_id: call.caller?.id ?? null,
      customer_name: call.caller?.name ?? null,
      caller_project_id: call.caller?.project_id ?? null,
      staff_id: staff.id,
      agent_num: call.agentNum,
      status: call.status,
      provider_call_id: call.providerCallId ?? null,
      message: call.message,
      work_order_id: null,
      work_order_code: null,
      summary: null,
      started_at: now,
      ended_at: call.status === 'failed' ? now : null,
      created_by: staff.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
