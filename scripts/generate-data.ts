/**
 * Makes a big database for the performance figures (issue 11): the demo company, then
 * 1,000,000 work orders and 5,000,000 patrol records over the past two years, written straight
 * into the real tables with prepared statements, one transaction per batch.
 *
 *   npm run generate:data -- --dir /tmp/pms-big [--orders 1000000] [--records 5000000]
 *
 * The directory may also come from PMS_DATA_DIR; it must not hold a database yet. The data
 * leaves the server's clocks quiet: old orders are closed, the week's are finished or waiting
 * for confirmation, only the last day's are open; the generated patrol plans are stopped and
 * their tasks finished, so neither the workflow timers nor the patrol scheduler rewrite them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/platform/config.ts';
import { mulberry32 } from '../server/platform/db/random.ts';

/** Bump when the generated data changes: cached databases (bench/) are keyed by it. */
export const GENERATOR_VERSION = 1;

export interface GenerateOptions {
  dir: string;
  orders: number;
  records: number;
  log?: (line: string) => void;
}

const DAY = 86_400_000;
const MINUTE = 60_000;
const BATCH = 20_000;
const POINTS_PER_TASK = 8;
const POINTS_PER_PROJECT = 120;

/** Picks from [value, weight] pairs. */
function weighted<T>(rnd: () => number, pairs: [T, number][]): () => T {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  return () => {
    let r = rnd() * total;
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[pairs.length - 1]![0];
  };
}

const dayText = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const startOfDay = (ms: number) => new Date(new Date(ms).toDateString()).getTime();

/** Runs insert(i) for i in [0, count) in transactions of BATCH rows; prints rows per second. */
function bulk(sqlite: SQLite.Database, label: string, count: number, insert: (i: number) => void, log: (line: string) => void): void {
  const started = performance.now();
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) insert(i);
  });
  for (let from = 0; from < count; from += BATCH) {
    batch(from, Math.min(count, from + BATCH));
    if ((from / BATCH) % 25 === 24) log(`  ${label}: ${from + BATCH} rows`);
  }
  const seconds = (performance.now() - started) / 1000;
  log(`${label}: ${count} rows in ${seconds.toFixed(1)} s (${Math.round(count / Math.max(seconds, 0.001))} rows/s)`);
}

type Row = Record<string, unknown>;

export async function generateData({ dir, orders, records, log = console.log }: GenerateOptions): Promise<void> {
  if (fs.existsSync(path.join(dir, 'pms.sqlite'))) throw new Error(`${dir} already holds a database; give an empty directory`);
  // The real server builds the schema and the demo company the generated rows refer to.
  const app = await buildApp(loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PMS_DATA_DIR: dir, PMS_SEED_DEMO: '1' }));
  await app.ready();
  await app.close();

  const sqlite = new SQLite(path.join(dir, 'pms.sqlite'));
  // A generated database is rebuilt, not recovered: durability is not needed while writing it.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  const all = (text: string, ...params: unknown[]) => sqlite.prepare(text).all(...params) as Row[];
  const now = Date.now();
  const today = startOfDay(now);
  const first = today - 730 * DAY;
  const rnd = mulberry32(20261122);

  const projectRows = all(`select id, name from org where type = 'project' order by sort, id`);
  const projects = projectRows.map((r) => Number(r.id));
  const nameOf = new Map(projectRows.map((r) => [Number(r.id), String(r.name)]));
  // Big and small estates: the first projects hold most of the work.
  const projectOf = weighted(rnd, projects.map((id, i) => [id, projects.length - i + 1]));
  const staffOf = new Map(projects.map((p) => [p, all(`select id from staff where org_id = ? order by id`, p).map((r) => Number(r.id))]));
  const anyStaff = all(`select id from staff order by id`).map((r) => Number(r.id));
  const people = (p: number) => (staffOf.get(p)!.length ? staffOf.get(p)! : anyStaff);
  const housesOf = new Map(
    projects.map((p) => [p, all(`select h.id, h.building_id, b.name building, h.unit_no, h.room_no from house h join building b on b.id = h.building_id where b.project_id = ?`, p)]),
  );
  const customerOf = new Map(all(`select id, house_id, name, mobile from customer where house_id is not null`).map((c) => [c.house_id, c]));
  const typesOf = new Map<string, number[]>();
  for (const t of all(`select id, kind from service_type where parent_id is not null`)) typesOf.set(String(t.kind), [...(typesOf.get(String(t.kind)) ?? []), Number(t.id)]);
  const kindOf = weighted(rnd, [['repair', 55], ['complaint', 15], ['consult', 15], ['home_service', 8], ['praise', 4], ['emergency', 3]]);
  const sourceOf = weighted(rnd, [['400', 35], ['staff', 30], ['owner_app', 30], ['patrol', 5]]);
  const priorityOf = weighted(rnd, [['normal', 70], ['high', 15], ['low', 10], ['urgent', 5]]);
  const TITLES: Record<string, string[]> = {
    repair: ['厨房水龙头漏水', '卫生间下水道堵塞', '客厅空调不制冷', '入户门锁损坏', '卧室插座没电', '阳台推拉门卡滞', '热水器不出热水', '墙面渗水发霉'],
    complaint: ['楼上装修噪音扰民', '楼道垃圾未清运', '地库车位被占用', '电梯停运', '门禁刷卡失灵', '宠物吠叫扰民'],
    consult: ['物业费缴纳方式咨询', '装修申报流程咨询', '门禁卡补办咨询', '停车月卡办理咨询'],
    home_service: ['预约开荒保洁', '预约窗帘清洗', '预约油烟机清洗'],
    praise: ['表扬维修师傅服务周到', '表扬保安热心帮忙'],
    emergency: ['电梯困人', '消防报警器鸣响', '水管爆裂', '单元停电'],
  };

  // Work orders: volume grows over the two years, reported in the daytime.
  const insertOrder = sqlite.prepare(`insert into work_order (code, project_id, house_id, customer_id, kind, title, content, status, source, priority, processor_id,
    created_by, created_at, updated_at, finished_at, building_id, service_type_id, contact_name, contact_phone, address, dispatcher_id, given_at, accepted_at,
    handled_at, closed_at, evaluation_score, evaluated_at, response_due_at, finish_due_at, sla_state, urge_count, save_as_draft, state_at, improper_reason)
    values (${Array(34).fill('?').join(', ')})`);
  const perDay = new Map<number, number>();
  const existing = Number(all(`select max(id) n from work_order`)[0]!.n ?? 0);
  bulk(
    sqlite,
    'work_order',
    orders,
    (i) => {
      const growth = Math.sqrt((i + rnd()) / orders);
      const day = first + Math.min(729, Math.floor(growth * 730)) * DAY;
      const created = Math.min(now - MINUTE, day + Math.floor((7 + rnd() * 14) * 60) * MINUTE);
      // Numbered from 10001 within each day: the demo's own orders (and those its modules open through the intake) hold the day's first numbers.
      const seq = (perDay.get(day) ?? 10_000) + 1;
      perDay.set(day, seq);
      const project = projectOf();
      const houses = housesOf.get(project)!;
      const house = houses.length ? houses[Math.floor(rnd() * houses.length)]! : null;
      const customer = house ? (customerOf.get(house.id) ?? null) : null;
      const kind = kindOf();
      const titles = TITLES[kind]!;
      const title = titles[Math.floor(rnd() * titles.length)]!;
      const types = typesOf.get(kind) ?? [];
      const staff = people(project);
      const processor = staff[Math.floor(rnd() * staff.length)]!;
      const age = now - created;
      const r = rnd();
      const status =
        age > 7 * DAY ? (r < 0.95 ? 'closed' : 'improper_closed')
        : age > DAY ? (r < 0.5 ? 'finished' : r < 0.8 ? 'to_confirm' : 'closed')
        : r < 0.3 ? 'pending' : r < 0.8 ? 'processing' : 'to_confirm';
      const taken = status !== 'pending';
      const handled = taken && status !== 'processing' ? created + Math.floor((30 + rnd() * 600) * MINUTE) : null;
      const closed = status === 'closed' || status === 'improper_closed' ? (handled ?? created) + Math.floor(rnd() * 3 * DAY) : null;
      const finished = status === 'finished' || status === 'closed' ? handled : null;
      const evaluated = status === 'closed' && rnd() < 0.4;
      const d = new Date(day);
      const code = `WO${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}${String(seq).padStart(5, '0')}`;
      insertOrder.run(
        code, project, house?.id ?? null, customer?.id ?? null, kind, title, `${title}，请尽快安排处理。报事人：${String(customer?.name ?? '业主')}`, status, sourceOf(), priorityOf(),
        taken ? processor : null, staff[0]!, created, closed ?? handled ?? created, finished, house?.building_id ?? null, types.length ? types[Math.floor(rnd() * types.length)]! : null,
        customer?.name ?? null, customer?.mobile ?? null, house ? `${String(house.building)} ${String(house.unit_no)}单元 ${String(house.room_no)}` : null,
        taken ? staff[0]! : null, taken ? created + 10 * MINUTE : null, taken ? created + 25 * MINUTE : null, handled, closed,
        evaluated ? 3 + Math.floor(rnd() * 3) : null, evaluated ? closed : null, created + 30 * MINUTE, created + 24 * 60 * MINUTE,
        rnd() < 0.08 ? 'overdue' : 'normal', rnd() < 0.05 ? 1 : 0, 0, closed ?? handled ?? created, status === 'improper_closed' ? '重复报事，已合并至其他工单处理' : null,
      );
    },
    log,
  );
  log(`work_order ids ${existing + 1}..${existing + orders}`);

  // Patrol: each project gets more points and stopped plans of eight points, run once a day for two years.
  const leaves = all(`select id from tbp_classify where parent_id is not null order by id`).map((r) => Number(r.id));
  const itemsOf = new Map<number, { pass: string; fail: string[] }>();
  for (const classify of leaves) {
    const standards = all(`select id, name from tbp_standard where classify_id = ? order by sort, id`, classify);
    const item = (s: Row, problem: Row | null) => ({ standardId: s.id, standardName: s.name, result: problem ? 'fail' : 'pass', problemIds: problem ? [problem.id] : [], problems: problem ? [problem.description] : [], note: null, photos: [], workOrderCode: null });
    const fail: string[] = [];
    for (const [i, s] of standards.entries()) {
      for (const p of all(`select id, description from tbp_standard_problem where standard_id = ? order by sort`, s.id)) fail.push(JSON.stringify(standards.map((t, j) => item(t, j === i ? p : null))));
    }
    itemsOf.set(classify, { pass: JSON.stringify(standards.map((s) => item(s, null))), fail });
  }
  const insertPoint = sqlite.prepare(`insert into tbp_point (project_id, classify_id, code, name, location, remark, enabled, qr_print_count, created_by, created_at, updated_at) values (?, ?, ?, ?, ?, null, 1, 0, null, ?, ?)`);
  const setPointCode = sqlite.prepare(`update tbp_point set code = ? where id = ?`);
  const pointsOf = new Map<number, { id: number; classify: number }[]>();
  const PLACES = ['地库', '配电房', '水泵房', '消防通道', '大堂', '屋面', '监控室', '垃圾站', '东门岗', '西门岗', '中心花园', '电梯机房'];
  sqlite.transaction(() => {
    for (const p of projects) {
      const list: { id: number; classify: number }[] = [];
      for (let n = 0; n < POINTS_PER_PROJECT; n++) {
        const classify = leaves[n % leaves.length]!;
        const place = PLACES[n % PLACES.length]!;
        const id = Number(insertPoint.run(p, classify, `GEN-${p}-${n}`, `${place}巡查点 ${Math.floor(n / PLACES.length) + 1}`, `${place} ${(n % 5) + 1} 号位置`, first, first).lastInsertRowid);
        setPointCode.run(`P${String(id).padStart(6, '0')}`, id);
        list.push({ id, classify });
      }
      pointsOf.set(p, list);
    }
  })();

  const tasks = Math.ceil(records / POINTS_PER_TASK);
  const plansPerProject = Math.max(1, Math.ceil(tasks / 730 / projects.length));
  const insertPlan = sqlite.prepare(`insert into tbp_plan (project_id, name, stripe_code, assign_type, post_id, staff_ids, freq_type, freq_days, interval_days, start_date, end_date,
    start_time, end_time, lead_minutes, ordered, status, remark, created_by, created_at, updated_at) values (?, ?, 'security', 'staff', null, ?, 'daily', '[]', null, ?, ?, ?, ?, 30, 0, 'stopped', null, null, ?, ?)`);
  const insertPlanPoint = sqlite.prepare(`insert into tbp_plan_point (plan_id, point_id, sort) values (?, ?, ?)`);
  const plans: { id: number; name: string; project: number; staff: number; points: { id: number; classify: number }[]; hour: number }[] = [];
  sqlite.transaction(() => {
    for (const p of projects) {
      for (let n = 0; n < plansPerProject; n++) {
        const staff = people(p)[n % people(p).length]!;
        const hour = 6 + (n % 14);
        const from = (n * POINTS_PER_TASK) % POINTS_PER_PROJECT;
        const points = Array.from({ length: POINTS_PER_TASK }, (_, k) => pointsOf.get(p)![(from + k) % POINTS_PER_PROJECT]!);
        const name = `${nameOf.get(p)!}巡更路线 ${String(n + 1).padStart(3, '0')}`;
        const id = Number(
          insertPlan.run(p, name, JSON.stringify([staff]), dayText(first), dayText(today - DAY), `${String(hour).padStart(2, '0')}:00`, `${String(hour + 2).padStart(2, '0')}:00`, first, first).lastInsertRowid,
        );
        points.forEach((pt, k) => insertPlanPoint.run(id, pt.id, k));
        plans.push({ id, name, project: p, staff, points, hour });
      }
    }
  })();

  const insertTask = sqlite.prepare(`insert into tbp_task (plan_id, project_id, name, task_day, window_start, window_end, close_at, assignee_type, assignee_id, post_id, executor_id, status,
    point_count, done_count, problem_count, started_at, finished_at, finish_type, finish_note, finished_by, transfer_count, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, 'staff', ?, null, ?, 'finished', ?, ?, ?, ?, ?, 'complete', null, null, 0, ?, ?)`);
  const insertTaskPoint = sqlite.prepare(`insert into tbp_task_point (task_id, point_id, sort) values (?, ?, ?)`);
  const insertRecord = sqlite.prepare(`insert into tbp_record (task_id, point_id, plan_id, project_id, staff_id, checked_at, result, items, problem_count, photos, remark, handle_status,
    handle_note, handled_by, handled_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', null, ?, ?, null, ?, ?, ?)`);
  let written = 0;
  // Task i is day i / plans.length of the two years, plan i % plans.length: records come out in time order.
  bulk(
    sqlite,
    'tbp_task',
    tasks,
    (i) => {
      const plan = plans[i % plans.length]!;
      const day = first + Math.min(729, Math.floor(i / plans.length)) * DAY;
      const start = day + plan.hour * 60 * MINUTE;
      const points = plan.points.slice(0, Math.min(POINTS_PER_TASK, records - written));
      const checks = points.map((pt, k) => {
        const items = itemsOf.get(pt.classify)!;
        const fail = items.fail.length && rnd() < 0.06 ? items.fail[Math.floor(rnd() * items.fail.length)]! : null;
        return { pt, sort: k, at: start + (k + 1) * Math.floor(4 + rnd() * 8) * MINUTE, fail };
      });
      const problems = checks.filter((c) => c.fail).length;
      const end = checks[checks.length - 1]!.at;
      const task = Number(
        insertTask.run(plan.id, plan.project, plan.name, dayText(day), start, start + 120 * MINUTE, start + 24 * 60 * MINUTE, plan.staff, plan.staff, points.length, points.length, problems, start, end, start, end)
          .lastInsertRowid,
      );
      for (const c of checks) {
        insertTaskPoint.run(task, c.pt.id, c.sort);
        const handled = c.fail && day < today - 3 * DAY;
        insertRecord.run(task, c.pt.id, plan.id, plan.project, plan.staff, c.at, c.fail ? 'abnormal' : 'normal', c.fail ?? itemsOf.get(c.pt.classify)!.pass, c.fail ? 1 : 0,
          c.fail ? (handled ? 'handled' : 'pending') : 'none', handled ? '已安排维修，复查正常' : null, handled ? c.at + DAY : null, c.at, c.at);
      }
      written += points.length;
    },
    log,
  );
  log(`tbp_record: ${written} rows written with their tasks (${POINTS_PER_TASK} records and task points a task)`);
  const analysed = performance.now();
  // The query planner chooses indexes by these statistics; a fresh bulk load has none.
  sqlite.exec('analyze');
  log(`analyze in ${((performance.now() - analysed) / 1000).toFixed(1)} s`);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = argument('dir') ?? process.env.PMS_DATA_DIR;
  if (!dir) {
    console.error('usage: npm run generate:data -- --dir <empty directory> [--orders 1000000] [--records 5000000]   (or PMS_DATA_DIR=<dir>)');
    process.exit(2);
  }
  const started = performance.now();
  await generateData({ dir: path.resolve(dir), orders: Number(argument('orders') ?? 1_000_000), records: Number(argument('records') ?? 5_000_000) });
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s: ${path.resolve(dir)}`);
}
