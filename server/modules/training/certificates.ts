import type { AnyDB } from '../../engine/hooks.ts';
import { badRequest } from '../../platform/http/envelope.ts';

const DAY = 86_400_000;
/** A certificate shows 即将到期 this long before it runs out. */
export const EXPIRY_NOTICE_MS = 30 * DAY;

/** The month `months` after `at`, same day and time (the last day when that month is shorter). */
export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + months);
  d.setDate(Math.min(day, new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate()));
  return d.getTime();
}

/** A plan's candidates become its result sheet: one 待认证 row each, dropping those taken off who have no result yet. */
export async function syncCandidates(trx: AnyDB, planId: number, now: number, by: number): Promise<void> {
  const plan = (await trx.selectFrom('cert_plan').select(['id', 'cert_id', 'project_id']).where('id', '=', planId).executeTakeFirst()) as { id: number; cert_id: number; project_id: number } | undefined;
  if (!plan) return;
  const roster = ((await trx.selectFrom('cert_plan_candidate').select('staff_id').where('plan_id', '=', planId).execute()) as { staff_id: number }[]).map((r) => r.staff_id);
  const rows = (await trx.selectFrom('staff_cert').select(['id', 'staff_id', 'status']).where('plan_id', '=', planId).execute()) as { id: number; staff_id: number; status: string }[];
  const decided = rows.filter((r) => !roster.includes(r.staff_id) && r.status !== 'pending');
  if (decided.length) throw badRequest('已出认证结果的人员不能移出认证计划');
  const removed = rows.filter((r) => !roster.includes(r.staff_id)).map((r) => r.id);
  if (removed.length) await trx.deleteFrom('staff_cert').where('id', 'in', removed).execute();
  const have = new Set(rows.map((r) => r.staff_id));
  for (const staffId of roster.filter((s) => !have.has(s))) {
    await trx.insertInto('staff_cert').values({ plan_id: planId, cert_id: plan.cert_id, staff_id: staffId, status: 'pending', state_at: now, project_id: plan.project_id, created_by: by, created_at: now, updated_at: now }).execute();
  }
  await trx.updateTable('staff_cert').set({ cert_id: plan.cert_id }).where('plan_id', '=', planId).where('status', '=', 'pending').execute();
}

/** Passing needs both scores at the certificate's pass lines; the certificate is then issued with its number and validity. */
export async function issueCertificate(trx: AnyDB, id: number, now: number): Promise<void> {
  const row = (await trx.selectFrom('staff_cert').innerJoin('professional_cert as c', 'c.id', 'staff_cert.cert_id').select(['staff_cert.id', 'staff_cert.theory_score', 'staff_cert.practical_score', 'c.theory_pass', 'c.practical_pass', 'c.validity_months']).where('staff_cert.id', '=', id).executeTakeFirstOrThrow()) as Record<string, number>;
  if (Number(row.theory_score) < row.theory_pass!) throw badRequest(`理论成绩低于合格分 ${row.theory_pass} 分，不能认证通过`);
  if (Number(row.practical_score) < row.practical_pass!) throw badRequest(`实操成绩低于合格分 ${row.practical_pass} 分，不能认证通过`);
  const validUntil = addMonths(now, row.validity_months!);
  const stamp = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  await trx.updateTable('staff_cert').set({ cert_no: `ZY${stamp}${String(id).padStart(5, '0')}`, issued_at: now, valid_until: validUntil, remind_at: validUntil - EXPIRY_NOTICE_MS }).where('id', '=', id).execute();
}
