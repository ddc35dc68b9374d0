import { Layout } from 'antd';
import { Activity, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet, type Location, type NavigationType } from 'react-router-dom';
import { appHistory, watchNavigation, whenAllowed } from '../history.ts';
import { HOME_PATH } from '../homePath.ts';
import { findRoute } from '../routes.ts';
import { screenOpening } from '../../engine/data.ts';
import { getStaffId } from '../../core/session.ts';
import { PageTabs } from './PageTabs.tsx';
import { RouteProgress } from './RouteProgress.tsx';
import { closeTabs, initialTabs, nextAfterClosing, visitTab, type TabList } from './tabList.ts';

interface CachedPage {
  element: ReactNode;
  /** The page's own location context; one object for its lifetime, so a navigation elsewhere does not re-render it. */
  context: { location: Location; navigationType: NavigationType };
}

/** The open tabs, kept for a reload of this browser tab (session storage dies with it). */
const TABS_KEY = 'pms:tabs';

/** The tabs of this browser tab's last visit, when the same user left them (another user signing in here starts afresh). */
function storedTabs(): unknown {
  try {
    const stored = JSON.parse(sessionStorage.getItem(TABS_KEY) ?? 'null') as { user?: string; keys?: unknown } | null;
    return stored?.user === getStaffId() ? stored.keys : null;
  } catch {
    return null;
  }
}

/** The cache without the pages whose tab has closed: their elements (and so their state) are let go. */
function openOnly(cache: Map<string, CachedPage>, keys: string[]): Map<string, CachedPage> {
  const open = new Set(keys);
  if ([...cache.keys()].every((k) => open.has(k))) return cache;
  return new Map([...cache].filter(([k]) => open.has(k)));
}

/**
 * The page tabs and the content area. Renders the current route and keeps keepAlive pages mounted
 * but hidden (React's Activity) while their tab is open, keyed by the full path with its query, so
 * two screens over the same component never share state; closing a tab unmounts its page. Each
 * cached page sees its own location, not the current one. Scroll: saved per page as the user
 * scrolls, restored on return (menu, back/forward or tab), top for everything else.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = location.pathname + location.search;
  const keepAlive = findRoute(location.pathname)?.keepAlive ?? false;
  const scrollRef = useRef<HTMLElement>(null);
  const [tabs, setTabs] = useState<TabList>(() => initialTabs(HOME_PATH, storedTabs()));
  const [cache, setCache] = useState(() => new Map<string, CachedPage>());
  const [renderedKey, setRenderedKey] = useState<string | null>(null);
  /**
   * Tabs closed with the current one: they go once the navigation away from it to `to` has
   * happened; the history asks first when a form has unsaved changes, and the user may stay.
   */
  const [closingOnLeave, setClosingOnLeave] = useState<{ keys: string[]; to: string } | null>(null);
  /** The current page asked to be refreshed: it is, once the history has let the user leave it (a same-address navigation). */
  const [refreshing, setRefreshing] = useState<string | null>(null);
  const [seenLocation, setSeenLocation] = useState(location);
  /** Times each page was refreshed: a new React key, so it mounts afresh. */
  const [reloads, setReloads] = useState<Record<string, number>>({});
  const scrolls = useRef(new Map<string, number>());
  const currentKey = useRef<string | null>(null);

  // Derived state updated during render (React's documented pattern): the new page joins the
  // cache and the tabs before anything is committed, so it never renders twice.
  if (seenLocation !== location) {
    setSeenLocation(location);
    if (refreshing === key) setReloads({ ...reloads, [key]: (reloads[key] ?? 0) + 1 });
    if (refreshing) setRefreshing(null);
  }
  if (renderedKey !== key) {
    setRenderedKey(key);
    const closing = closingOnLeave?.to === key ? closingOnLeave.keys.filter((k) => k !== key) : [];
    const nextTabs = visitTab(closeTabs(tabs, closing), key);
    if (closingOnLeave) setClosingOnLeave(null);
    setTabs(nextTabs);
    const withPage = keepAlive && !cache.has(key) ? new Map(cache).set(key, { element: outlet, context: { location, navigationType } }) : cache;
    keepOpen(nextTabs, withPage);
  }

  /** Lets go of the pages (and their refresh counts) whose tab is no longer open. */
  function keepOpen(next: TabList, pages: Map<string, CachedPage>) {
    const nextCache = openOnly(pages, next.keys);
    if (nextCache !== cache) setCache(nextCache);
    if (Object.keys(reloads).some((k) => !next.keys.includes(k))) setReloads(Object.fromEntries(Object.entries(reloads).filter(([k]) => next.keys.includes(k))));
  }

  /**
   * Closes tabs; when the current one is among them, the user is taken to its neighbour first.
   * Its unsaved changes are asked about before anything happens (the leave guard, through the history's check), so staying
   * keeps the tab and forgets the close. Other tabs hold no unsaved changes: leaving them asked.
   */
  const close = (keys: string[]) => {
    if (!keys.includes(key)) {
      const next = closeTabs(tabs, keys);
      setTabs(next);
      keepOpen(next, cache);
      return;
    }
    const to = nextAfterClosing(tabs, key, keys);
    whenAllowed(() => {
      setClosingOnLeave({ keys, to });
      appHistory.push(to);
    });
  };

  /** The current page mounts afresh; another tab's page is let go and mounts afresh when opened. */
  const refresh = (k: string) => {
    if (k === key) {
      // Refreshing gives up unsaved changes: asked first, like closing.
      whenAllowed(() => {
        setRefreshing(k);
        appHistory.replace(k);
      });
      return;
    }
    const next = new Map(cache);
    next.delete(k);
    setCache(next);
    appHistory.push(k);
  };

  useEffect(() => {
    sessionStorage.setItem(TABS_KEY, JSON.stringify({ user: getStaffId(), keys: tabs.keys }));
  }, [tabs.keys]);

  // A navigation to a page not in the cache asks for its first data at once (a list's rows), and
  // the router renders the page when it is back (history.ts HOLD_MS): not once the page has
  // rendered and its effects run (~50 ms later), then again with the rows (#11).
  useEffect(
    () =>
      watchNavigation((to) => {
        const route = findRoute(to.pathname);
        if (!route?.component.prefetch || (route.keepAlive && cache.has(to.pathname + to.search))) return undefined;
        screenOpening();
        return route.component.prefetch(Promise.resolve(), to.search);
      }),
    [cache],
  );

  // The position is recorded as the user scrolls, not read on leaving: by then the page being left
  // is hidden and the browser has already clamped the scroll to the new, shorter content.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    const record = () => currentKey.current && scrolls.current.set(currentKey.current, element.scrollTop);
    element.addEventListener('scroll', record, { passive: true });
    return () => element.removeEventListener('scroll', record);
  }, []);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    currentKey.current = key;
    element.scrollTop = keepAlive ? (scrolls.current.get(key) ?? 0) : 0;
  }, [key, keepAlive]);

  // A page dropped from the cache forgets its position with it.
  useEffect(() => {
    for (const k of scrolls.current.keys()) if (!cache.has(k)) scrolls.current.delete(k);
  }, [cache]);

  // The marker of the active page sits outside Activity: a hidden Activity defers its updates,
  // which would leave the page being left marked active for a moment.
  const pages = [...cache.entries()].map(([k, page]) => (
    <div key={`${k}#${reloads[k] ?? 0}`} className="pms-page" data-active={k === key}>
      <Activity mode={k === key ? 'visible' : 'hidden'}>
        <UNSAFE_LocationContext.Provider value={page.context}>
          <Suspense fallback={<RouteProgress />}>{page.element}</Suspense>
        </UNSAFE_LocationContext.Provider>
      </Activity>
    </div>
  ));
  return (
    <>
      <PageTabs tabs={tabs.keys} current={key} onClose={close} onRefresh={refresh} />
      <Layout.Content ref={scrollRef} style={{ overflow: 'auto', padding: 16 }} data-testid="content">
        {pages}
        {!keepAlive && (
          <div className="pms-page" data-active="true" key={`${key}#${reloads[key] ?? 0}`}>
            <Suspense fallback={<RouteProgress />}>{outlet}</Suspense>
          </div>
        )}
      </Layout.Content>
    </>
  );
}
