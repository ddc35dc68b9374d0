import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage.ts';

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
  component: LazyExoticComponent<ComponentType>;
}

/** Menu groups of spec 2.3, in menu order; a group is shown when it has a visible route. */
export const MENU_GROUPS: { prefix: string; title: string; icon: string }[] = [
  { prefix: '/index', title: '首页', icon: 'home' },
];

const ErrorPage = lazyPage(() => import('../pages/errors/ErrorPage.tsx'));

export const ROUTES: RouteDef[] = [
  { path: '/userlogin', title: '登录', keepAlive: false, show: false, public: true, component: lazyPage(() => import('../pages/login/UserLogin.tsx')) },
  { path: '/userLogin', title: '登录', keepAlive: false, show: false, public: true, component: lazyPage(() => import('../pages/login/UserLogin.tsx')) },
  { path: '/403', title: '无权访问', keepAlive: false, show: false, public: true, component: ErrorPage },
  { path: '/404', title: '页面不存在', keepAlive: false, show: false, public: true, component: ErrorPage },
  { path: '/500', title: '系统异常', keepAlive: false, show: false, public: true, component: ErrorPage },
  { path: '/noauth', title: '暂无权限', keepAlive: false, show: false, public: true, component: ErrorPage },
  { path: '/speciallogin', title: '工号登录', keepAlive: false, show: false, public: true, component: lazyPage(() => import('../pages/session/SpecialLogin.tsx')) },
  { path: '/alter/password', title: '修改密码', keepAlive: false, show: false, public: true, component: lazyPage(() => import('../pages/session/AlterPassword.tsx')) },
  { path: '/download', title: 'App 下载', keepAlive: false, show: false, public: true, component: lazyPage(() => import('../pages/session/AppDownload.tsx')) },
  { path: '/userPrivateProxy', title: '用户协议与隐私政策', keepAlive: false, show: false, public: true, component: lazyPage(() => import('../pages/session/UserPrivateProxy.tsx')) },
  { path: '/yslogin', title: '单点登录', keepAlive: false, show: false, public: true, component: lazyPage(() => import('../pages/session/YsLogin.tsx')) },
  { path: '/index/home_index', title: '首页', keepAlive: true, show: true, component: lazyPage(() => import('../pages/home/HomeIndex.tsx')) },
];

/** Paths that lead to the landing page (spec 2.2). */
export const HOME_PATH = '/index/home_index';
export const HOME_ALIASES = ['/', '/index', '/home'];

export function findRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((r) => r.path === pathname) ?? ROUTES.find((r) => r.path.includes('/:') && matches(r.path, pathname));
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}
