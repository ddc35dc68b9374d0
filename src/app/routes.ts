import { createElement, type ComponentType } from 'react';
import { lazyPage } from '../engine/lazyPage.ts';
import { loadPage, PAGE_METAS } from '../engine/pageIndex.ts';
import { PAGE_KINDS } from '../engine/pageKinds.ts';
import { usePageRequirements } from '../engine/pageRequirements.ts';
import { LAZY_FIELD_LOADERS } from '../engine/fast/lazyFieldLoaders.ts';
import type { PageMeta } from '../engine/pageMeta.ts';
import { BESPOKE_PAGES } from './bespoke.ts';
import { routeMatches } from '../shared/routePattern.ts';

/** One screen of the product. Only routes with a working screen are listed. */
export interface RouteDef {
  path: string;
  title: string;
  /** Keep the page's state (filters, pagination, scroll) when the user leaves and comes back. */
  keepAlive: boolean;
  /** Listed in the left menu. */
  show: boolean;
  /** When set, the entry is shown only to users whose access cookie holds this value. */
  access?: string;
  /** Public routes render without the authenticated layout. */
  public?: boolean;
  /** The routing keys of the page schema behind the route, when it comes from schemas/<module>/pages. */
  page?: PageMeta;
  /**
   * The screen; `preload()` starts loading its code before it is rendered, `prefetch(ready)` its
   * first data once `ready` (requests can be signed), settling when that data is back.
   */
  component: ComponentType & { preload?: () => Promise<unknown>; prefetch?: (ready: Promise<unknown>, search?: string) => Promise<unknown> };
}

const ErrorPage = lazyPage(() => import('./pages/ErrorPage.tsx'));

/** Routes of the session core and the error pages, outside the page schemas. */
const CORE_ROUTES: RouteDef[] = [
  { path: '/userlogin', title: '登录', keepAlive: false, show: false, public: true, component: lazyPage(() => import('./pages/UserLogin.tsx')) },
  { path: '/userLogin', title: '登录', keepAlive: false, show: false, public: true, component: lazyPage(() => import('./pages/UserLogin.tsx')) },
  { path: '/speciallogin', title: '工号登录', keepAlive: false, show: false, public: true, component: lazyPage(() => import('./pages/SpecialLogin.tsx')) },
  { path: '/alter/password', title: '修改密码', keepAlive: false, show: false, public: true, component: lazyPage(() => import('./pages/AlterPassword.tsx')) },
  { path: '/download', title: 'App 下载', keepAlive: false, show: false, public: true, component: lazyPage(() => import('./pages/AppDownload.tsx')) },
  { path: '/userPrivateProxy', title: '用户协议与隐私政策', keepAlive: false, show: false, public: true, component: lazyPage(() => import('./pages/UserPrivateProxy.tsx')) },
  { path: '/yslogin', title: '单点登录', keepAlive: false, show: false, public: true, component: lazyPage(() => import('./pages/YsLogin.tsx')) },
  { path: '/403', title: '无权访问', keepAlive: false, show: false, public: true, component: ErrorPage },
  { path: '/404', title: '页面不存在', keepAlive: false, show: false, public: true, component: ErrorPage },
  { path: '/500', title: '系统异常', keepAlive: false, show: false, public: true, component: ErrorPage },
  { path: '/noauth', title: '暂无权限', keepAlive: false, show: false, public: true, component: ErrorPage },
];

// One promise for the module: a new import() of a loaded module still waits a task, here behind
// the navigation's render (~20-60 ms), where a settled promise answers within the same task.
let firstList: Promise<typeof import('../engine/fast/firstList.ts')> | undefined;
const loadFirstList = () => (firstList ??= import('../engine/fast/firstList.ts'));

/** A schema screen: its schema and its kind's renderer load in parallel, each a lazy chunk, then what the renderer needs for that schema. */
function schemaScreen(meta: PageMeta & { kind: keyof typeof PAGE_KINDS }): RouteDef['component'] {
  const screen = lazyPage(async (): Promise<{ default: ComponentType }> => {
    const lazyFields = (meta.lazyFields ?? []).map((chunk) => LAZY_FIELD_LOADERS[chunk]());
    const [page, { default: Renderer, preload }] = await Promise.all([loadPage(meta.route), PAGE_KINDS[meta.kind](), ...lazyFields]);
    // The screen's lazy parts (a form's date pickers) load now, not once it has rendered: it renders in one pass.
    if (page) await preload?.(page as never);
    function Screen() {
      usePageRequirements(page?.requires);
      return createElement(Renderer, { page: page as never });
    }
    return { default: Screen };
  });
  if (meta.kind !== 'list') return screen;
  // A list's rows are asked for once its schema is known, not once the shell and the table have rendered.
  const prefetch = (ready: Promise<unknown>, search?: string) =>
    Promise.all([loadPage(meta.route), loadFirstList(), ready])
      .then(([page, { prefetchFirstList }]) => (page?.kind === 'list' ? prefetchFirstList(page, search) : undefined))
      .catch(() => undefined);
  return Object.assign(screen, { prefetch });
}

function schemaRoute(page: PageMeta): RouteDef {
  const component: RouteDef['component'] = page.kind === 'bespoke' ? BESPOKE_PAGES[page.component as keyof typeof BESPOKE_PAGES] : schemaScreen({ ...page, kind: page.kind });
  return {
    path: page.route,
    title: page.title,
    keepAlive: page.keepAlive ?? (page.kind === 'list' || page.kind === 'tabs'),
    show: Boolean(page.menu),
    access: page.access,
    ...(page.public ? { public: true } : {}),
    page,
    component,
  };
}

export const ROUTES: RouteDef[] = [...CORE_ROUTES, ...PAGE_METAS.filter((p) => p.kind !== 'bespoke' || p.component! in BESPOKE_PAGES).map(schemaRoute)];

export function findRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((r) => r.path === pathname) ?? ROUTES.find((r) => r.path.includes('/:') && routeMatches(r.path, pathname));
}
