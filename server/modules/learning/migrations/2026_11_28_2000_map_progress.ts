import { sql, type Kysely, type Migration } from 'kysely';
import { asInteger, jsonEach, jsonText } from '../../../platform/db/dialect.ts';

/**
 * Each staff member's progress on each learning map (mapsLedger, learnDetail), read live from
 * what they did, never stored: the learners are the enabled staff holding a post the map is for
 * (once it is published); a map's tasks are its stages' courses and exams; a course task is done
 * when its course_progress is done, an exam task when an exam_record of it passed.
 */
export default {
  async up(db: Kysely<unknown>) {
    await sql`
      create view map_progress as
      with task as (
        select m.id as map_id, s.key as stage_index, ${jsonText(sql`s.value`, 'name')} as stage_name, 'course' as type, ${asInteger(sql`c.value`)} as content_id
          from learning_map m, ${jsonEach(sql`m.stages`)} s, ${jsonEach(sql`s.value`, 'course_ids')} c
        union all
        select m.id, s.key, ${jsonText(sql`s.value`, 'name')}, 'exam', ${asInteger(sql`e.value`)}
          from learning_map m, ${jsonEach(sql`m.stages`)} s, ${jsonEach(sql`s.value`, 'exam_ids')} e
      ),
      learner as (
        select distinct mp.map_id, sp.staff_id
          from learning_map m join learning_map_post mp on mp.map_id = m.id join staff_post sp on sp.post_id = mp.post_id join staff st on st.id = sp.staff_id
          where m.status in ('published', 'offline') and st.enabled = 1
      ),
      ts as (
        select l.map_id, l.staff_id, t.stage_index, t.stage_name,
          case t.type when 'course' then (select cp.finished_at from course_progress cp where cp.course_id = t.content_id and cp.staff_id = l.staff_id and cp.status = 'done')
            else (select min(er.submitted_at) from exam_record er where er.exam_id = t.content_id and er.staff_id = l.staff_id and er.passed = 1) end as done_at,
          case t.type when 'course' then (select cp.started_at from course_progress cp where cp.course_id = t.content_id and cp.staff_id = l.staff_id)
            else (select min(er.started_at) from exam_record er where er.exam_id = t.content_id and er.staff_id = l.staff_id) end as started_at,
          case t.type when 'course' then (select cp.credit from course_progress cp where cp.course_id = t.content_id and cp.staff_id = l.staff_id and cp.status = 'done') end as credit
        from learner l join task t on t.map_id = l.map_id
      )
      select ts.map_id * 1000000 + ts.staff_id as id, ts.map_id, ts.staff_id, st.org_id,
        count(*) as task_count, count(ts.done_at) as done_count, round(100.0 * count(ts.done_at) / count(*), 1) as percent,
        case when count(ts.done_at) = count(*) then 'done' when count(ts.started_at) > 0 then 'learning' else 'not_started' end as status,
        (select x.stage_name from ts x where x.map_id = ts.map_id and x.staff_id = ts.staff_id and x.done_at is null order by x.stage_index limit 1) as current_stage,
        coalesce(sum(ts.credit), 0) as credit_earned, min(ts.started_at) as started_at,
        case when count(ts.done_at) = count(*) then max(ts.done_at) end as finished_at,
        null as created_by, coalesce(min(ts.started_at), 0) as created_at, coalesce(max(ts.done_at), min(ts.started_at), 0) as updated_at
      from ts join staff st on st.id = ts.staff_id
      group by ts.map_id, ts.staff_id, st.org_id`.execute(db);
  },
} satisfies Migration;
