import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks } from '../../../engine/hooks.ts';
import { scopeRows } from '../../../engine/scope.ts';
import { badRequest, conflict, forbidden, notFound, ok } from '../../../platform/http/envelope.ts';
import { APPEAL_DAYS, gradeOf, teamTotal, unscored } from '../grading.ts';
import { evaluates, teamsOf, visibleSheets } from '../sheetAccess.ts';

const names = (list: string[]) => list.map((n) => `「${n}」`).join('');

/**
 * Assessment sheets: who reads them (own, the evaluating team's, by permission the scope's),
 * the pages' views (mine, to evaluate), and the rules of each move: every indicator scored
 * before a step is handed on, the weighted total and grade fixed when the team resolves, an
 * appeal once and within APPEAL_DAYS of the result.
 */
export const perfSheetHooks: ResourceHooks = {
  visibleRows: ({ db, staff, projects }) => visibleSheets(db, staff, projects),

  /** A sheet's indicator scores for its detail page, once the sheet itself is visible to the caller. */
  async routes(app: FastifyInstance) {
    const db = app.db as unknown as AnyDB;
    const codes = ['perfSheet:view', 'perfSheet:mine', 'perfSheet:score', 'perfSheet:ledger'];
    app.get('/scores', { config: { btnCode: codes }, schema: { querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 } } } } }, async (request) => {
      const { id } = request.query as { id: number };
      const sheet = await (await scopeRows({ db, staff: request.staff!, hooks: perfSheetHooks }, { name: 'perf_sheet', scope: 'project' }, db.selectFrom('perf_sheet').select('id').where('perf_sheet.id', '=', id))).executeTakeFirst();
      if (!sheet) throw notFound('考核表不存在或已被删除');
      const rows = await db
        .selectFrom('perf_score')
        .leftJoin('staff', 'staff.id', 'perf_score.scorer_id')
        .select(['perf_score.id', 'indicator', 'category', 'standard', 'weight', 'max_score', 'self_score', 'score', 'comment', 'staff.name as scorer_id_label'])
        .where('sheet_id', '=', id)
        .orderBy('sort')
        .execute();
      return ok(rows);
    });
  },

  listFilter({ db, staff, query, filters }) {
    if (filters.view === 'mine') return query.where('perf_sheet.staff_id', '=', staff.id);
    if (filters.view === 'evaluate') {
      const q = query.where('perf_sheet.status', 'in', ['team', 'appeal']);
      return staff.dataScopes.includes('all') ? q : q.where('perf_sheet.team_id', 'in', teamsOf(db, staff.id));
    }
    if (filters.view === 'ledger') return query.where('perf_sheet.status', '=', 'archived');
    return query;
  },

  async beforeDelete({ trx, ids }) {
    const started = await trx.selectFrom('perf_sheet').select('code').where('id', 'in', ids).where('status', '!=', 'self').executeTakeFirst();
    if (started) throw conflict(`考核表「${String(started.code)}」已开始评分，不能删除`);
    await trx.deleteFrom('perf_score').where('sheet_id', 'in', ids).execute();
  },

  async afterTransition({ trx, staff, id, action, record }) {
    if (action === 'submitSelf') {
      const missing = await unscored(trx, id, 'self_score');
      if (missing.length) throw badRequest(`请先完成自评：${names(missing)}尚未打分`);
    }
    if (action === 'resolve' || action === 'decideAppeal') {
      if (!(await evaluates(trx, staff, record.team_id))) throw forbidden('只有该考核表所属评议小组的成员可以评分');
      const missing = await unscored(trx, id, 'score');
      if (missing.length) throw badRequest(`还有 ${missing.length} 项指标未评分：${names(missing)}`);
      const total = await teamTotal(trx, id);
      const { grade, coefficient } = await gradeOf(trx, total);
      await trx.updateTable('perf_sheet').set({ final_score: total, grade, coefficient }).where('id', '=', id).execute();
    }
    if (action === 'appeal') {
      const since = Number(record.state_at ?? 0);
      if (Date.now() - since > APPEAL_DAYS * 86_400_000) throw conflict(`考核结果公布 ${APPEAL_DAYS} 天内可以申诉，已超过申诉期限`);
    }
  },
};
