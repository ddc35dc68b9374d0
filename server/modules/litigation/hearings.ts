import type { FastifyInstance } from 'fastify';
import type { AnyDB } from '../../engine/hooks.ts';

/** The notices' type: the staff app opens the case named by functionId. */
export const CASE_NOTICE = 'legal_case';
/** How many days before a hearing (or other next date) its case's people are reminded. */
export const HEARING_LEAD_DAYS = 3;

const DAY = 86_400_000;
/** Dates are kept as China's calendar days (UTC+8), as the forms write them. */
const chinaDay = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);

/** A date to remind of: whose row it is (to mark it reminded), the case, who registered it. */
interface Due {
  table: 'legal_case' | 'case_proceeding';
  id: number;
  next_date: string;
  reminded_for: string | null;
  created_by: number | null;
  court: string | null;
  case_id: number;
  code: string;
  counterparty: string;
  owner_staff_id: number | null;
}

/** The open cases' and their proceedings' next dates from `today` to `until`. */
async function dueDates(trx: AnyDB, today: string, until: string): Promise<Due[]> {
  const cases = trx
    .selectFrom('legal_case')
    .select(['legal_case.id', 'legal_case.next_date', 'legal_case.reminded_for', 'legal_case.created_by', 'legal_case.court', 'legal_case.id as case_id', 'legal_case.code', 'legal_case.counterparty', 'legal_case.owner_staff_id'])
    .where('legal_case.next_date', '>=', today)
    .where('legal_case.next_date', '<=', until)
    .where('legal_case.stage', '!=', 'closed');
  const proceedings = trx
    .selectFrom('case_proceeding')
    .innerJoin('legal_case', 'legal_case.id', 'case_proceeding.case_id')
    .select(['case_proceeding.id', 'case_proceeding.next_date', 'case_proceeding.reminded_for', 'case_proceeding.created_by', 'case_proceeding.court', 'legal_case.id as case_id', 'legal_case.code', 'legal_case.counterparty', 'legal_case.owner_staff_id'])
    .where('case_proceeding.next_date', '>=', today)
    .where('case_proceeding.next_date', '<=', until)
    .where('legal_case.stage', '!=', 'closed');
  return [
    ...((await cases.execute()) as Omit<Due, 'table'>[]).map((r) => ({ ...r, table: 'legal_case' as const })),
    ...((await proceedings.execute()) as Omit<Due, 'table'>[]).map((r) => ({ ...r, table: 'case_proceeding' as const })),
  ];
}

/**
 * Reminds a case's first responsible person and whoever registered the date (the case or the
 * proceeding), by push, of each next date (下次开庭/截止日期) of an open case, from
 * HEARING_LEAD_DAYS before it to the day itself. Once per date: `reminded_for` keeps the date
 * reminded of, so a second pass sends nothing and a moved date is reminded of again. The
 * lawyers are outside the company (a name, no account), so they are not pushed to.
 */
export async function remindHearings(app: FastifyInstance, now: number): Promise<number> {
  const today = chinaDay(now);
  return app.db.transaction().execute(async (t) => {
    const trx = t as unknown as AnyDB;
    let sent = 0;
    for (const d of (await dueDates(trx, today, chinaDay(now + HEARING_LEAD_DAYS * DAY))).filter((d) => d.reminded_for !== d.next_date)) {
      const staffIds = [...new Set([d.owner_staff_id, d.created_by].filter((id): id is number => typeof id === 'number' && id > 0))];
      const days = Math.round((Date.parse(d.next_date) - Date.parse(today)) / DAY);
      const content = `案件 ${d.code}（对方当事人 ${d.counterparty}）的下次开庭/截止日期为 ${d.next_date}（${days === 0 ? '今天' : `还有 ${days} 天`}）${d.court ? `，${d.court}` : ''}，请做好准备`;
      if (staffIds.length) await app.notices.send(trx, { staffIds, category: '2', type: CASE_NOTICE, title: '开庭提醒', content, functionId: d.case_id });
      await trx.updateTable(d.table).set({ reminded_for: d.next_date }).where('id', '=', d.id).execute();
      sent++;
    }
    return sent;
  });
}
