import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { badRequest, conflict, notFound, ok } from '../../../platform/http/envelope.ts';
import { OBJECTIVE, TYPE_NAMES, type PaperItem } from '../paper.ts';

const GRADE = 'exam:grade';

/**
 * Answer sheets are written by taking an exam (routes.ts); here the grader's two calls: the
 * short answers of a sheet waiting for marks, and the marks, which complete the score.
 */
export const examRecordHooks: ResourceHooks = {
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;

    app.get('/gradeSheet', { config: { btnCode: GRADE }, schema: { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { id } = request.query as { id: number };
      const record = await db
        .selectFrom('exam_record')
        .innerJoin('exam', 'exam.id', 'exam_record.exam_id')
        .innerJoin('staff', 'staff.id', 'exam_record.staff_id')
        .select(['exam_record.id', 'exam_record.paper', 'exam_record.status', 'exam_record.objective_score', 'exam.name as exam_name', 'staff.name as staff_name', 'exam_record.attempt'])
        .where('exam_record.id', '=', id)
        .executeTakeFirst();
      if (!record) throw notFound();
      const paper = JSON.parse(String(record.paper)) as PaperItem[];
      const items = paper
        .map((p, index) => ({ index, no: `第 ${index + 1} 题（${TYPE_NAMES[p.type]}，${p.score} 分）`, stem: p.stem, given: p.given || '（未作答）', answer: p.answer || '—', max: p.score, got: p.got }))
        .filter((_, i) => !OBJECTIVE.has(paper[i]!.type));
      return ok({ id: record.id, exam_name: record.exam_name, staff_name: `${record.staff_name}（第 ${record.attempt} 次）`, status: record.status, objective_score: record.objective_score, items });
    });

    app.post(
      '/grade',
      {
        config: { btnCode: GRADE },
        schema: {
          body: {
            type: 'object', required: ['id', 'items'], additionalProperties: true,
            properties: { id: { type: 'integer', minimum: 1 }, items: { type: 'array', maxItems: 300, items: { type: 'object', required: ['index', 'got'], properties: { index: { type: 'integer', minimum: 0 }, got: { type: 'number', minimum: 0 } } } } },
          },
        },
      },
      async (request) => {
        const { id, items } = request.body as { id: number; items: { index: number; got: number }[] };
        const staff = request.staff!;
        const answer = await db.transaction().execute(async (trx) => {
          const record = await trx.selectFrom('exam_record').selectAll().where('id', '=', id).executeTakeFirst();
          if (!record) throw notFound();
          if (record.status !== 'to_grade') throw conflict('该答卷不在待判分状态');
          if (record.staff_id === staff.id) throw conflict('不能批阅自己的答卷');
          const paper = JSON.parse(String(record.paper)) as PaperItem[];
          const marks = new Map(items.map((i) => [i.index, i.got]));
          let subjective = 0;
          paper.forEach((p, index) => {
            if (OBJECTIVE.has(p.type)) return;
            const got = marks.get(index);
            if (got === undefined || got === null) throw badRequest(`第 ${index + 1} 题还没有评分`);
            if (got > p.score) throw badRequest(`第 ${index + 1} 题的得分不能超过该题分值 ${p.score} 分`);
            p.got = got;
            subjective += got;
          });
          const exam = await trx.selectFrom('exam').select('pass_score').where('id', '=', record.exam_id).executeTakeFirstOrThrow();
          const score = Math.round((Number(record.objective_score) + subjective) * 100) / 100;
          const passed = score >= Number(exam.pass_score);
          await trx
            .updateTable('exam_record')
            .set({ paper: JSON.stringify(paper), subjective_score: Math.round(subjective * 100) / 100, score, passed: passed ? 1 : 0, status: 'done', grader_id: staff.id, updated_at: Date.now() })
            .where('id', '=', id)
            .where('status', '=', 'to_grade')
            .execute();
          return { score, passed };
        });
        return ok(answer, `阅卷完成，总得分 ${answer.score} 分，${answer.passed ? '通过' : '未通过'}`);
      },
    );
  },
};
