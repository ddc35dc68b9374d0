import { Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useRouteError } from 'react-router-dom';
import { BasicLayout } from '../layout/BasicLayout.tsx';
import { RouteProgress } from '../layout/RouteProgress.tsx';
import { findRoute, HOME_ALIASES, HOME_PATH, ROUTES } from './routes.ts';

const NotFound = ROUTES.find((r) => r.path === '/404')!.component;

export const TITLE_SUFFIX = '-PMS';

/** Keeps the page title and the remembered belongSystem in step with the address bar. */
function RootFrame() {
  const location = useLocation();
  useEffect(() => {
    document.title = `${findRoute(location.pathname)?.title ?? '页面不存在'}${TITLE_SUFFIX}`;
    const belongSystem = new URLSearchParams(location.search).get('belongSystem');
    if (belongSystem) localStorage.setItem('belongSystem', belongSystem);
  }, [location.pathname, location.search]);
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
