import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { conflict, notFound, ok } from '../../../platform/http/envelope.ts';
import { normaliseQuestions, storedQuestions, QUESTION_TYPES } from '../questions.ts';
import { visibleProjectIds } from '../../../engine/scope.ts';

/**
 * Questionnaires of the return visits: the questions are checked and given stable keys when
 * saved, and are frozen once a visit has answered them (the collected answers would no longer
 * match); /collect sums up the answers question by question (/questionnaireCollect).
 */
export const questionnaireHooks: ResourceHooks = {
  async beforeSave({ values, current }) {
    if (!('questions' in values) && current) return;
    const incoming = typeof values.questions === 'string' ? JSON.parse(values.questions) : values.questions;
    const questions = normaliseQuestions(incoming);
    if (current && Number(current.answer_count ?? 0) > 0) {
      const before = JSON.stringify(normaliseQuestions(storedQuestions(current.questions)));
      if (before !== JSON.stringify(normaliseQuestions(questions))) {
        throw conflict(`问卷「${String(current.name)}」已有 ${String(current.answer_count)} 份答卷，不能再修改题目；如需调整，请新建问卷`);
      }
    }
    values.questions = JSON.stringify(questions);
    values.question_count = questions.length;
    if (!current) values.answer_count = 0;
  },

  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    app.get(
      '/collect',
      {
        config: { btnCode: 'questionnaire:view' },
        schema: { querystring: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 }, projectId: { type: 'integer', minimum: 1 } } } },
      },
      async (request) => {
        const { id, projectId } = request.query as { id: number; projectId?: number };
        const questionnaire = (await db.selectFrom('questionnaire').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
        if (!questionnaire) throw notFound('问卷不存在或已被删除');
        const staff = request.staff!;
        let answers = db.selectFrom('questionnaire_answer').select(['question_key', 'answer', 'score', 'alarm', 'visit_id', 'answered_at']).where('questionnaire_id', '=', id);
        if (!staff.dataScopes.includes('all')) {
          const projects = await visibleProjectIds(app.db, staff);
          answers = answers.where('project_id', 'in', projects.length ? projects : [0]);
        }
        if (projectId) answers = answers.where('project_id', '=', projectId);
        const rows = (await answers.orderBy('answered_at', 'desc').execute()) as Row[];
        const visits = new Set(rows.map((r) => r.visit_id)).size;
        const questions = storedQuestions(questionnaire.questions).map((q, index) => {
          const mine = rows.filter((r) => r.question_key === q.key);
          const base = { key: q.key, no: index + 1, title: q.title, type: q.type, typeText: QUESTION_TYPES[q.type], answered: mine.length, alarms: mine.filter((r) => r.alarm === 1).length };
          if (q.type === 'single' || q.type === 'multiple') {
            const counts = q.options.map((option) => {
              const count = mine.filter((r) => String(r.answer).split('、').includes(option)).length;
              return { option, count, percent: mine.length ? Math.round((count / mine.length) * 1000) / 10 : 0, alarm: q.alarmOptions.includes(option) };
            });
            return { ...base, options: counts };
          }
          if (q.type === 'score') {
            const scores = mine.map((r) => Number(r.score));
            const average = scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null;
            const spread = Array.from({ length: q.maxScore }, (_, i) => ({ score: i + 1, count: scores.filter((s) => s === i + 1).length }));
            return { ...base, maxScore: q.maxScore, passScore: q.passScore, average, spread };
          }
          return { ...base, texts: mine.slice(0, 20).map((r) => ({ text: r.answer, at: r.answered_at })) };
        });
        return ok({ id, name: questionnaire.name, description: questionnaire.description, visits, questions });
      },
    );
  },
};
