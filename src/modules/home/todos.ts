import { call } from '../../engine/data.ts';

/** One to-do of the landing page: how many, and the screen that lists them. */
export interface TodoItem {
  key: string;
  title: string;
  count: number;
  route: string;
}

/** One of today's figures of the user's projects, a click away from its screen. */
export interface Figure {
  title: string;
  value: number | string;
  route?: string;
  suffix?: string;
}

export interface HomeSection {
  items: TodoItem[];
  figures: Figure[];
}

interface WorkOrderSummary {
  items: TodoItem[];
  figures: { reported: number; handled: number; open: number; overdue: number; satisfaction: number | null } | null;
}

/** Work orders: the caller's to-dos and today's figures (mkf /questionTask/todo). */
async function workOrders(): Promise<HomeSection> {
  const answer = await call<WorkOrderSummary>('work_order.todo');
  if (answer.status !== '200' || !answer.data) return { items: [], figures: [] };
  const f = answer.data.figures;
  const list = '/home_task/taskList';
  return {
    items: answer.data.items,
    figures: f
      ? [
          { title: '今日报事', value: f.reported, route: list },
          { title: '今日处理完成', value: f.handled, route: list },
          { title: '未完成工单', value: f.open, route: list },
          { title: '超时未完成', value: f.overdue, route: list },
          { title: '今日评价均分', value: f.satisfaction ?? '-', suffix: f.satisfaction === null ? undefined : '星' },
        ]
      : [],
  };
}

/**
 * What the landing page shows, one loader per module: a module adds its own here (today's
 * patrol tasks, its approvals...). A loader that fails leaves the others on the page.
 */
export const HOME_SOURCES: (() => Promise<HomeSection>)[] = [workOrders];

export async function loadHome(): Promise<HomeSection> {
  const sections = await Promise.all(HOME_SOURCES.map((load) => load().catch((): HomeSection => ({ items: [], figures: [] }))));
  return { items: sections.flatMap((s) => s.items), figures: sections.flatMap((s) => s.figures) };
}
