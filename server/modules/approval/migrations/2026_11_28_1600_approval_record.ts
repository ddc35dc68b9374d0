import { sql, type Kysely, type Migration } from 'kysely';
import { joinedText } from '../../../platform/db/dialect.ts';

/**
 * 审批记录 (/approve-report/outAccApproveRecords): finished approvals (approved or rejected),
 * read where the engine writes them, never a copy. decided_by names who approved or rejected,
 * in order; duration_hours is from submission to the end.
 */
export default {
  async up(db: Kysely<unknown>) {
    await sql`
      create view approval_record as
      select i.id, i.code, i.biz_type, i.title, i.project_id, i.submitter_id, i.submitted_at, i.status, i.finished_at,
             (select ${joinedText(sql`name`, '、')} from (
                select s.name from approval_task t join staff s on s.id = t.approver_id
                where t.instance_id = i.id and t.status in ('approve', 'reject') order by t.acted_at, t.id) names) as decided_by,
             (select t.comment from approval_task t where t.instance_id = i.id and t.status in ('approve', 'reject') order by t.acted_at desc, t.id desc limit 1) as last_comment,
             round((i.finished_at - i.submitted_at) / 3600000.0, 1) as duration_hours,
             i.created_by, i.created_at, i.updated_at
      from approval_instance i
      where i.status in ('approved', 'rejected')`.execute(db);
  },
} satisfies Migration;
