import { Api } from '../../tests/support/api.ts';
import type { LoadCall, LoadMix } from './signedLoad.ts';

const STATES = ['pending', 'processing', 'to_confirm', 'finished', 'closed'];
const KINDS = ['repair', 'complaint', 'consult'];
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** The 全部工单 screen's list call as the page schema makes it: the fixed view, a filter now and then, a page of 10 or 20. */
export function workOrderList(random: () => number, projects: number[]): LoadCall {
  const filters: Record<string, unknown> = { view: 'all' };
  const r = random();
  if (r < 0.25) filters.status = [pick(random, STATES)];
  else if (r < 0.45) filters.kind = pick(random, KINDS);
  else if (r < 0.6 && projects.length) filters.project_id = pick(random, projects);
  const sorted = random() < 0.2;
  return {
    method: 'POST',
    path: '/api/mkf/questionTask/list',
    params: { pageNum: 1 + Math.floor(random() * 5), pageSize: random() < 0.7 ? 10 : 20, filters, ...(sorted ? { sortField: 'finish_due_at', sortOrder: 'descend' } : {}) },
  };
}

/** The 巡查记录 screen's list call: newest first, sometimes by project, result or handling state. */
export function patrolRecordList(random: () => number, projects: number[]): LoadCall {
  const params: Record<string, unknown> = { pageNum: 1 + Math.floor(random() * 5), pageSize: 10 };
  const r = random();
  if (r < 0.25 && projects.length) params.projectId = pick(random, projects);
  else if (r < 0.4) params.result = 'abnormal';
  else if (r < 0.5) params.handleStatus = 'pending';
  return { method: 'POST', path: '/api/patrol/tbpRecord/pageQueryPost', params };
}

/** What the mixes pick ids from: the database's projects, work orders and patrol records. */
export interface LoadData {
  projects: number[];
  orderIds: [number, number];
  recordIds: [number, number];
}

/** Reads the id ranges through the API, as a signed-in user (admin sees every project). */
export async function loadData(api: Api): Promise<LoadData> {
  const newest = async (path: string, params: Record<string, unknown>) => {
    const answer = await api.post(path, { ...params, pageNum: 1, pageSize: 1 });
    if (answer.http !== 200) throw new Error(`${path}: ${answer.http} ${answer.body.message}`);
    return Number(answer.body.data.records[0]?.id ?? 1);
  };
  const projects = await api.get('/api/base/org/projects');
  return {
    projects: ((projects.body.data ?? []) as { id?: number; value?: number }[]).map((p) => Number(p.id ?? p.value)).filter(Number.isFinite),
    orderIds: [1, await newest('/api/mkf/questionTask/list', { sortField: 'id', sortOrder: 'descend' })],
    recordIds: [1, await newest('/api/patrol/tbpRecord/pageQueryPost', {})],
  };
}

const idIn = (random: () => number, [from, to]: [number, number]) => from + Math.floor(random() * (to - from + 1));

/** Lists of both screens, half each. */
export const listMix = (data: LoadData): LoadMix[] => [
  { weight: 1, make: (random) => workOrderList(random, data.projects) },
  { weight: 1, make: (random) => patrolRecordList(random, data.projects) },
];

/**
 * A day's mix of the back office: mostly lists, then opening a work order, and writes (a
 * patrol record's remark corrected, an order urged is not idempotent enough to repeat).
 */
export const officeMix = (data: LoadData): LoadMix[] => [
  ...listMix(data).map((m) => ({ ...m, weight: 3 })),
  { weight: 3, make: (random) => ({ method: 'GET', path: '/api/mkf/questionTask/detail', params: { id: idIn(random, data.orderIds) } }) },
  {
    weight: 1,
    make: (random) => ({ method: 'POST', path: '/api/patrol/tbpRecord/updateRecord', params: { id: idIn(random, data.recordIds), remark: `复查 ${Math.floor(random() * 1000)}` } }),
  },
];
