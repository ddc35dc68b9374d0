import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each enabled staff member's learning profile (staff, staffDetail), read live from the records
 * of the courses, maps, exams, offline trainings, certificates and skills, never a copy: credit
 * from finished courses, hours from finished courses and attended trainings.
 */
export default {
  async up(db: Kysely<unknown>) {
    await sql`
      create view learn_profile as
      select s.id, s.id as staff_id, s.org_id,
        (select count(*) from course_progress cp where cp.staff_id = s.id and cp.status = 'done') as courses_done,
        (select count(*) from course_progress cp where cp.staff_id = s.id and cp.status = 'learning') as courses_learning,
        (select coalesce(sum(cp.credit), 0) from course_progress cp where cp.staff_id = s.id and cp.status = 'done') as credit,
        (select coalesce(sum(cp.hours), 0) from course_progress cp where cp.staff_id = s.id and cp.status = 'done')
          + (select coalesce(sum(ta.hours_credited), 0) from training_attendance ta where ta.staff_id = s.id) as hours,
        (select count(distinct er.exam_id) from exam_record er where er.staff_id = s.id and er.passed = 1) as exams_passed,
        (select count(*) from exam_record er where er.staff_id = s.id and er.status != 'doing') as exam_records,
        (select count(*) from map_progress mp where mp.staff_id = s.id and mp.status = 'done') as maps_done,
        (select count(*) from map_progress mp where mp.staff_id = s.id) as maps_total,
        (select count(*) from staff_cert sc where sc.staff_id = s.id and sc.status in ('valid', 'expiring')) as certs,
        (select count(*) from technical_skill ts where ts.staff_id = s.id and ts.status = 'valid') as skills,
        (select count(*) from training_attendance ta where ta.staff_id = s.id and ta.result in ('present', 'late')) as trainings,
        (select max(cp.last_at) from course_progress cp where cp.staff_id = s.id) as last_learn_at,
        null as created_by, s.created_at, s.created_at as updated_at
      from staff s
      where s.enabled = 1 and s.account != 'admin'`.execute(db);
  },
} satisfies Migration;
