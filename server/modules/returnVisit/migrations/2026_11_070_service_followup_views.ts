import { sql, type Kysely, type Migration } from 'kysely';
import { asInteger } from '../../../platform/db/dialect.ts';

/**
 * Views behind the service follow-up screens (issue 9, part 2; keys 2026_11_070 to 079). Each
 * is read by a read-only resource or a report (schemas/resources, schemas/reports), so the
 * screens read the work orders and notices where they are written, never a copy.
 */
export default {
  async up(db: Kysely<unknown>) {
    // Evaluated orders (/serviceTeam/serviceEvaluation and the satisfaction report): has_add marks
    // an additional evaluation, which a report's `where` cannot test for "not null" by itself.
    await sql`
      create view service_evaluation as
      select w.id, w.code, w.project_id, w.title, w.kind, w.service_type_id, w.processor_id,
             w.contact_name, w.contact_phone, w.evaluation_score, w.evaluation_content, w.evaluated_at,
             w.add_evaluation, w.add_evaluated_at, w.finished_at, w.status,
             case when w.add_evaluated_at is not null then 1 else 0 end as has_add
      from work_order w
      where w.evaluated_at is not null`.execute(db);
    // Notices about work orders (/business-manager/order-message): a notice names its order by
    // id (function_id) and by title ("工单 <code>"), so notices of other modules never match.
    await sql`
      create view work_order_message as
      select m.id, w.project_id, w.id as work_order_id, w.code as work_order_code, w.title as order_title,
             m.staff_id, s.name as staff_name, m.category, m.type, m.content, m.is_read, m.read_at,
             m.created_at as sent_at
      from staff_message m
      join work_order w on w.id = ${asInteger(sql`m.function_id`)} and m.title = '工单 ' || w.code
      left join staff s on s.id = m.staff_id`.execute(db);
  },
} satisfies Migration;
