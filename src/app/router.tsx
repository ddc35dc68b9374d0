import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, unstable_HistoryRouter as HistoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { hasQueryLogin, loginFromQuery, QUERY_LOGIN_PARAMS } from '../core/queryLogin.ts';
import { RouteProgress } from './layout/RouteProgress.tsx';
import { appHistory } from './history.ts';
import { lazyPage } from '../engine/lazyPage.ts';
import { HOME_ALIASES, HOME_PATH } from './homePath.ts';
import { findRoute, ROUTES } from './routes.ts';

// The signed-in shell (menu, push, watermark) is a lazy chunk: the sign-in page does not load it.
const BasicLayout = lazyPage(() => import('./layout/BasicLayout.tsx'));
/** Starts loading the code of the screen at `pathname`, with the signed-in shell when it has one. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = findRoute(pathname);
  return Promise.all([route && !route.public ? BasicLayout.preload() : null, route?.component.preload?.()]).catch(() => undefined);
}

// Query logins are rare: their spinner loads with them, not with every first screen.
const Spin = lazy(() => import('antd/es/spin'));

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
  return <Suspense fallback={<RouteProgress />}>{loggingIn ? <Spin fullscreen tip="正在登录…" /> : <Outlet />}</Suspense>;
}

/**
 * Spec 8 "route errors": a screen that throws while rendering sends the user to /500 (/noauth for
 * a 403). Reset when the address changes, so the error page itself renders.
 */
interface BoundaryState {
  failed: { status?: number } | null;
  pathname: string;
}

class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { failed: (error ?? {}) as { status?: number } };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { failed: null, pathname: props.pathname };
  }

  componentDidCatch(error: unknown) {
    console.warn('route error', error);
  }

  render() {
    const { failed } = this.state;
    return failed ? <Navigate to={failed.status === 403 ? '/noauth' : '/500'} replace /> : this.props.children;
  }
}

function Root() {
  return (
    <RouteErrorBoundary pathname={useLocation().pathname}>
      <RootFrame />
    </RouteErrorBoundary>
  );
}

function element(Component: (typeof ROUTES)[number]['component']) {
  return <Component />;
}

const route = (r: (typeof ROUTES)[number]) => <Route key={r.path} path={r.path} element={element(r.component)} />;

/**
 * The routes, declared in JSX: the app loads no data through the router, so it uses the
 * declarative router, half the code of the data router (createBrowserRouter) on every first load.
 * Its history is the app's own (history.ts), so unsaved forms can hold a navigation back and a
 * list's navigation can wait for its rows. Navigations render at once, not as transitions: a
 * transition renders in 5 ms slices with the browser's turn between them, ~35 ms more to a new
 * list's rows (#11); a screen whose code is still loading shows its progress bar either way.
 */
export function AppRouter() {
  return (
    <HistoryRouter history={appHistory} useTransitions={false}>
      <Routes>
        <Route element={<Root />}>
          {ROUTES.filter((r) => r.public).map(route)}
          <Route element={<BasicLayout />}>{ROUTES.filter((r) => !r.public).map(route)}</Route>
          {HOME_ALIASES.map((path) => (
            <Route key={path} path={path} element={<Navigate to={HOME_PATH} replace />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </HistoryRouter>
  );
}
