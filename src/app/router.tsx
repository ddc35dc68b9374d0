import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { hasQueryLogin, loginFromQuery, QUERY_LOGIN_PARAMS } from '../core/queryLogin.ts';
import { RouteProgress } from '../layout/RouteProgress.tsx';
import { lazyPage } from './lazyPage.ts';
import { findRoute, HOME_ALIASES, HOME_PATH, ROUTES } from './routes.ts';

// The signed-in shell (menu, push, watermark) is a lazy chunk: the sign-in page does not load it.
const BasicLayout = lazyPage(() => import('../layout/BasicLayout.tsx'));
/** Starts loading the code of the screen at `pathname`, with the signed-in shell when it has one. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = findRoute(pathname);
  return Promise.all([route && !route.public ? BasicLayout.preload() : null, route?.component.preload?.()]).catch(() => undefined);
}

const NotFound = ROUTES.find((r) => r.path === '/404')!.component;

export const TITLE_SUFFIX = '-PMS';

let queryLogin: Promise<unknown> | null = null;

/**
 * Spec 4's query logins (flag, authkey, userAccount + loginPhone) work on any URL: the
 * session is created first, the parameters leave the address bar, any failure goes to /500.
 */
function useQueryLogin(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  // Pending for as long as the parameters are in the address bar: the layout never renders
  // (nor caches) a URL that still carries credentials.
  const pending = hasQueryLogin(new URLSearchParams(location.search));
  useEffect(() => {
    if (!pending) return;
    const query = new URLSearchParams(location.search);
    queryLogin ??= loginFromQuery(query).then((ok) => {
      queryLogin = null;
      for (const name of QUERY_LOGIN_PARAMS) query.delete(name);
      const rest = query.toString();
      const path = location.pathname.toLowerCase() === '/userlogin' ? HOME_PATH : location.pathname;
      navigate(ok ? path + (rest ? `?${rest}` : '') : '/500', { replace: true });
    });
  }, [pending, location, navigate]);
  return pending;
}

/** Keeps the page title and the remembered belongSystem in step with the address bar. */
function RootFrame() {
  const location = useLocation();
  const loggingIn = useQueryLogin();
  useEffect(() => {
    document.title = `${findRoute(location.pathname)?.title ?? '页面不存在'}${TITLE_SUFFIX}`;
    const belongSystem = new URLSearchParams(location.search).get('belongSystem');
    if (belongSystem) localStorage.setItem('belongSystem', belongSystem);
  }, [location.pathname, location.search]);
  if (loggingIn) return <Spin fullscreen tip="正在登录…" />;
  return (
    <Suspense fallback={<RouteProgress />}>
      <Outlet />
    </Suspense>
  );
}

/** Spec 8 "route errors": a screen that throws while rendering sends the user to /500. */
function RouteError() {
  const error = useRouteError() as { status?: number } | undefined;
  console.warn('route error', error);
  return <Navigate to={error?.status === 403 ? '/noauth' : '/500'} replace />;
}

function element(Component: (typeof ROUTES)[number]['component']) {
  return <Component />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootFrame />,
      errorElement: <RouteError />,
      children: [
        ...ROUTES.filter((r) => r.public).map((r) => ({ path: r.path, element: element(r.component) })),
        {
          element: <BasicLayout />,
          children: ROUTES.filter((r) => !r.public).map((r) => ({ path: r.path, element: element(r.component) })),
        },
        ...HOME_ALIASES.map((path) => ({ path, element: <Navigate to={HOME_PATH} replace /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
