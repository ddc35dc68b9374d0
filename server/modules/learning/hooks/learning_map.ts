import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { badRequest, notFound, ok } from '../../../platform/http/envelope.ts';
import { stagesOf } from '../mapTasks.ts';

const ID_QUERY = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };

/** Each stage has a distinct name and at least one task; every course and exam named exists; the task count follows. */
async function checkStages(trx: AnyDB, values: Row): Promise<void> {
  const stages = stagesOf(values.stages);
  const names = new Set<string>();
  for (const [i, s] of stages.entries()) {
    const name = s.name.trim();
    if (!name) throw badRequest(`第 ${i + 1} 个阶段请填写阶段名称`);
    if (names.has(name)) throw badRequest(`阶段名称「${name}」重复`);
    names.add(name);
    if (!(s.course_ids?.length || s.exam_ids?.length)) throw badRequest(`阶段「${name}」请至少选择一门课程或一场考试`);
    if (new Set(s.course_ids).size !== (s.course_ids ?? []).length || new Set(s.exam_ids).size !== (s.exam_ids ?? []).length) throw badRequest(`阶段「${name}」中有重复的课程或考试`);
  }
  const courseIds = [...new Set(stages.flatMap((s) => s.course_ids ?? []))];
  const examIds = [...new Set(stages.flatMap((s) => s.exam_ids ?? []))];
  if (courseIds.length && (await trx.selectFrom('course').select('id').where('id', 'in', courseIds).execute()).length !== courseIds.length) throw badRequest('学习阶段中的课程不存在或已被删除');
  if (examIds.length && (await trx.selectFrom('exam').select('id').where('id', 'in', examIds).execute()).length !== examIds.length) throw badRequest('学习阶段中的考试不存在或已被删除');
  values.task_count = stages.reduce((n, s) => n + (s.course_ids?.length ?? 0) + (s.exam_ids?.length ?? 0), 0);
}

/** A learning map's stages, checked on save; its stages listed with their courses and exams for the screens. */
export const learningMapHooks: ResourceHooks = {
  async beforeSave({ trx, values }) {
    if ('stages' in values) await checkStages(trx, values);
  },
  async beforeDelete({ trx, ids }) {
    const used = await trx.selectFrom('learning_map').select('name').where('id', 'in', ids).where('status', '!=', 'draft').executeTakeFirst();
    if (used) throw badRequest(`学习地图「${used.name}」已发布过，不能删除，可停用`);
  },
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    // The stages with their tasks by name: the map screens' table.
    app.get('/stageRows', { config: { btnCode: 'learnMap:view' }, schema: { querystring: ID_QUERY } }, async (request) => {
      const { id } = request.query as { id: number };
      const map = await (await scopeRows({ db, staff: request.staff! }, { name: 'learning_map' }, db.selectFrom('learning_map').selectAll().where('id', '=', id))).executeTakeFirst();
      if (!map) throw notFound('学习地图不存在');
      const stages = stagesOf(map.stages);
      const ids = (key: 'course_ids' | 'exam_ids') => stages.flatMap((s) => s[key] ?? []);
      const courses = new Map((ids('course_ids').length ? await db.selectFrom('course').select(['id', 'name', 'duration_min', 'credit']).where('id', 'in', ids('course_ids')).execute() : []).map((c) => [c.id, c]));
      const exams = new Map((ids('exam_ids').length ? await db.selectFrom('exam').select(['id', 'name', 'pass_score']).where('id', 'in', ids('exam_ids')).execute() : []).map((e) => [e.id, e]));
      const rows = stages.flatMap((s, i) => [
        ...(s.course_ids ?? []).map((c) => ({ key: `${i}-c${c}`, stage: `第 ${i + 1} 阶段：${s.name}`, days: s.days ?? null, type: 'course', name: courses.get(c)?.name ?? '', note: `${courses.get(c)?.duration_min ?? ''} 分钟，${courses.get(c)?.credit ?? 0} 学分` })),
        ...(s.exam_ids ?? []).map((e) => ({ key: `${i}-e${e}`, stage: `第 ${i + 1} 阶段：${s.name}`, days: s.days ?? null, type: 'exam', name: exams.get(e)?.name ?? '', note: `及格分 ${exams.get(e)?.pass_score ?? ''}` })),
      ]);
      return ok(rows);
    });
  },
};
