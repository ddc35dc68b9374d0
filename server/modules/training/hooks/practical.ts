import type { FastifyInstance } from 'fastify';
import type { ResourceHooks, Row } from '../../../engine/hooks.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { badRequest, notFound } from '../../../platform/http/envelope.ts';
import { fullMarks, jsonList, scoreSheet, type Criterion, type CriterionScore } from '../practical.ts';
import { staffOptionsRoute } from '../staffOptions.ts';

/** Practical assessments: full marks from the criteria, a pass mark within them, criteria fixed once anyone is scored. */
export const practicalAssessmentHooks: ResourceHooks = {
  async beforeSave({ trx, values, current }) {
    const merged = { ...current, ...values };
    const total = fullMarks(jsonList<Criterion>(merged.criteria));
    if (Number(merged.pass_score) > total) throw badRequest(`合格分不能高于满分（${total} 分）`);
    values.total_score = total;
    if (current && 'criteria' in values && JSON.stringify(jsonList(values.criteria)) !== JSON.stringify(jsonList(current.criteria))) {
      const scored = await trx.selectFrom('practical_result').select('id').where('assessment_id', '=', current.id).executeTakeFirst();
      if (scored) throw badRequest('考核已有成绩，不能修改评分标准');
    }
  },
  async routes(app: FastifyInstance) {
    staffOptionsRoute(app, ['practical:add', 'practical:edit']);
  },
};

/**
 * Practical results: seen where their assessment is (its project); each criterion scored within
 * its full marks by one of the assessment's examiners; the total and the pass computed here.
 */
export const practicalResultHooks: ResourceHooks = {
  visibleRows: ({ db, projects }) => (eb) => eb('practical_result.assessment_id', 'in', db.selectFrom('practical_assessment').select('practical_assessment.id').where('practical_assessment.project_id', 'in', projects.length ? projects : [0])),

  async beforeSave({ trx, staff, values, current }) {
    const merged = { ...current, ...values };
    if (current && values.assessment_id !== undefined && values.assessment_id !== current.assessment_id) throw badRequest('不能把成绩改到其他考核');
    const query = trx.selectFrom('practical_assessment').selectAll().where('practical_assessment.id', '=', Number(merged.assessment_id));
    const assessment = (await (await scopeRows({ db: trx, staff }, { name: 'practical_assessment', scope: 'project' }, query)).executeTakeFirst()) as Row | undefined;
    if (!assessment) throw notFound('实操考核不存在或不在您的数据范围内');
    const examiners = ((await trx.selectFrom('practical_examiner').select('staff_id').where('assessment_id', '=', assessment.id).execute()) as { staff_id: number }[]).map((e) => e.staff_id);
    if (!examiners.includes(Number(merged.examiner_id))) throw badRequest('评分考官须为本次考核的考官');
    if (Number(merged.examiner_id) === Number(merged.staff_id)) throw badRequest('考官不能给自己评分');
    const { scores, total } = scoreSheet(jsonList<Criterion>(assessment.criteria), jsonList<CriterionScore>(merged.scores));
    // Hooks see columns: JSON is stored as text.
    values.scores = JSON.stringify(scores);
    values.total = total;
    values.passed = total >= Number(assessment.pass_score) ? 1 : 0;
  },
  async routes(app: FastifyInstance) {
    staffOptionsRoute(app, ['practicalResult:add', 'practicalResult:edit']);
  },
};
