import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../platform/http/envelope.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import type { DB } from '../../platform/db/index.ts';
import { dayProp, dayRange, idProp, inScope, pageProps, projectFilter, rate, scopeOf, type PatrolScope } from './common.ts';
import { CODES } from './permissions.ts';
import { refreshStatuses } from './task.ts';

type Dimension = 'point' | 'post' | 'project';
const DIMENSION_TEXT: Record<Dimension, string> = { point: '点位', post: '岗位', project: '项目' };

interface StatFilter {
  dimension?: Dimension;
  projectId?: number;
  startDay?: string;
  endDay?: string;
  pageNum?: number;
  pageSize?: number;
}

const filterProps = { dimension: { type: 'string', enum: ['point', 'post', 'project'] }, projectId: idProp, startDay: dayProp, endDay: dayProp };

export interface StatRow {
  key: number | null;
  name: string;
  projectName: string;
  expected: number;
  done: number;
  onTime: number;
  problems: number;
  completionRate: number;
  onTimeRate: number;
  problemRate: number;
}

/**
 * The unit of every figure is a point check of a task whose outcome is known (finished,
 * overdue or missed): expected = the points such tasks had to check, done = the records made,
 * on time = records made before the window ended, problems = records with problems.
 * Completion rate = done / expected, on-time rate = on time / expected, problem rate = problems / done.
 */
async function statistics(db: DB, scope: PatrolScope, f: StatFilter) {
  const dimension = f.dimension ?? 'project';
  const [from, to] = dayRange(f.startDay, f.endDay);
  const projects = f.projectId !== undefined ? projectFilter(scope, f.projectId) : null;
  let base = db
    .selectFrom('tbp_task_point as tp')
    .innerJoin('tbp_task as t', 't.id', 'tp.task_id')
    .leftJoin('tbp_record as r', (j) => j.onRef('r.task_id', '=', 'tp.task_id').onRef('r.point_id', '=', 'tp.point_id'))
    .where('t.deleted_at', 'is', null)
    .where('t.status', 'in', ['finished', 'overdue', 'missed'])
    .where('t.task_day', '>=', from)
    .where('t.task_day', '<=', to)
    .where(inScope(scope, 't.project_id', 't.executor_id'));
  if (projects) base = base.where('t.project_id', 'in', projects);
  const figures = [
    sql<number>`count(*)`.as('expected'),
    sql<number>`count(r.id)`.as('done'),
    sql<number>`coalesce(sum(case when r.checked_at <= t.window_end then 1 else 0 end), 0)`.as('onTime'),
    sql<number>`coalesce(sum(case when r.problem_count > 0 then 1 else 0 end), 0)`.as('problems'),
  ];
  let raw: { key: number | null; name: string | null; projectName: string | null; expected: number; done: number; onTime: number; problems: number }[];
  if (dimension === 'point') {
    raw = await base
      .innerJoin('tbp_point as p', 'p.id', 'tp.point_id')
      .innerJoin('org', 'org.id', 'p.project_id')
      .select(['tp.point_id as key', sql<string>`p.name || '（' || p.code || '）'`.as('name'), 'org.name as projectName', ...figures])
      .groupBy(['tp.point_id', 'p.name', 'p.code', 'org.name'])
      .orderBy('org.name')
      .orderBy('p.code')
      .execute();
  } else if (dimension === 'post') {
    raw = await base
      .leftJoin('post', 'post.id', 't.post_id')
      .innerJoin('org', 'org.id', 't.project_id')
      .select(['t.post_id as key', 'post.name as name', 'org.name as projectName', ...figures])
      .groupBy(['t.post_id', 'post.name', 'org.name'])
      .orderBy('org.name')
      .orderBy('post.name')
      .execute();
  } else {
    raw = await base
      .innerJoin('org', 'org.id', 't.project_id')
      .select(['t.project_id as key', 'org.name as name', 'org.name as projectName', ...figures])
      .groupBy(['t.project_id', 'org.name'])
      .orderBy('org.name')
      .execute();
  }
  const shape = (r: Omit<StatRow, 'completionRate' | 'onTimeRate' | 'problemRate'>): StatRow => ({
    ...r,
    completionRate: rate(r.done, r.expected),
    onTimeRate: rate(r.onTime, r.expected),
    problemRate: rate(r.problems, r.done),
  });
  const rows = raw.map((r) => shape({ key: r.key, name: r.name ?? '未分配岗位', projectName: r.projectName ?? '', expected: Number(r.expected), done: Number(r.done), onTime: Number(r.onTime), problems: Number(r.problems) }));
  const sum = (k: 'expected' | 'done' | 'onTime' | 'problems') => rows.reduce((a, r) => a + r[k], 0);
  const summary = shape({ key: null, name: '合计', projectName: '', expected: sum('expected'), done: sum('done'), onTime: sum('onTime'), problems: sum('problems') });
  const trendRows = await base
    .select(['t.task_day as day', ...figures])
    .groupBy('t.task_day')
    .orderBy('t.task_day')
    .execute();
  const trend = trendRows.map((r) => ({ day: r.day, ...shape({ key: null, name: r.day, projectName: '', expected: Number(r.expected), done: Number(r.done), onTime: Number(r.onTime), problems: Number(r.problems) }) }));
  return { dimension, from, to, rows, summary, trend };
}

/** Statistics per point, post or project (spec 7.2 ptStatisticsPage, ptStatisticsExport). */
export default async function statsRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get('/tbpRecord/ptStatisticsPage', { config: { btnCode: CODES.statView }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { ...pageProps, ...filterProps } } } }, async (request) => {
    const f = request.query as StatFilter;
    await refreshStatuses(db);
    const s = await statistics(db, await scopeOf(db, request.staff!), f);
    const pageNum = f.pageNum ?? 1;
    const pageSize = f.pageSize ?? 10;
    return ok({
      records: s.rows.slice((pageNum - 1) * pageSize, pageNum * pageSize),
      total: s.rows.length,
      pageNum,
      pageSize,
      dimension: s.dimension,
      startDay: s.from,
      endDay: s.to,
      summary: s.summary,
      trend: s.trend,
    });
  });

  app.get('/tbpRecord/ptStatisticsExport', { config: { btnCode: CODES.statExport }, schema: { querystring: { type: 'object', additionalProperties: false, properties: filterProps } } }, async (request, reply) => {
    const f = request.query as StatFilter;
    await refreshStatuses(db);
    const s = await statistics(db, await scopeOf(db, request.staff!), f);
    const percent = (n: number) => `${n}%`;
    return sendExcel(
      reply,
      `巡查统计_按${DIMENSION_TEXT[s.dimension]}_${s.from}_${s.to}.xlsx`,
      [
        { header: DIMENSION_TEXT[s.dimension], key: 'name', width: 28 },
        ...(s.dimension === 'project' ? [] : [{ header: '所属项目', key: 'projectName' }]),
        { header: '应巡点次', key: 'expected' },
        { header: '已巡点次', key: 'done' },
        { header: '按时点次', key: 'onTime' },
        { header: '问题点次', key: 'problems' },
        { header: '完成率', key: 'completion' },
        { header: '按时率', key: 'punctuality' },
        { header: '问题率', key: 'problem' },
      ],
      [...s.rows, s.summary].map((r) => ({ ...r, completion: percent(r.completionRate), punctuality: percent(r.onTimeRate), problem: percent(r.problemRate) })),
    );
  });
}
