import { Activity, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet, type Location, type NavigationType } from 'react-router-dom';
import { watchNavigation } from '../history.ts';
import { findRoute } from '../routes.ts';
import { screenOpening } from '../../engine/data.ts';
import { RouteProgress } from './RouteProgress.tsx';

interface CachedPage {
  element: ReactNode;
  /** The page's own location context; one object for its lifetime, so a navigation elsewhere does not re-render it. */
  context: { location: Location; navigationType: NavigationType };
}

/** Most pages a user keeps open at once; the least recently used one is dropped past this. */
const MAX_CACHED = 12;

/**
 * Renders the current route and keeps keepAlive pages mounted but hidden (React's Activity)
 * when the user leaves, keyed by the full path with its query, so two screens over the same
 * component never share state. Each cached page sees its own location, not the current one.
 * Scroll: saved per page on leaving, restored on return, top for everything else.
 */
/** Adds a page to the cache (most recent last), dropping the least recently used past the limit. */
function remember(cache: Map<string, CachedPage>, key: string, page: CachedPage): Map<string, CachedPage> {
  const next = new Map(cache);
  const existing = next.get(key);
  next.delete(key);
  next.set(key, existing ?? page);
  while (next.size > MAX_CACHED) next.delete(next.keys().next().value!);
  return next;
}

export function KeepAliveOutlet({ scrollRef }: { scrollRef: RefObject<HTMLElement | null> }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = location.pathname + location.search;
  const keepAlive = findRoute(location.pathname)?.keepAlive ?? false;
  const [cache, setCache] = useState(() => new Map<string, CachedPage>());
  const [renderedKey, setRenderedKey] = useState<string | null>(null);
  const scrolls = useRef(new Map<string, number>());
  const currentKey = useRef<string | null>(null);

  // Derived state updated during render (React's documented pattern): the new page joins the
  // cache before anything is committed, so it never renders twice.
  if (renderedKey !== key) {
    setRenderedKey(key);
    if (keepAlive) setCache(remember(cache, key, { element: outlet, context: { location, navigationType } }));
  }

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
  }, [scrollRef]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    currentKey.current = key;
    element.scrollTop = keepAlive ? (scrolls.current.get(key) ?? 0) : 0;
  }, [key, keepAlive, scrollRef]);

  // A page dropped from the cache forgets its position with it.
  useEffect(() => {
    for (const k of scrolls.current.keys()) if (!cache.has(k)) scrolls.current.delete(k);
  }, [cache]);

  // The marker of the active page sits outside Activity: a hidden Activity defers its updates,
  // which would leave the page being left marked active for a moment.
  const pages = [...cache.entries()].map(([k, page]) => (
    <div key={k} className="pms-page" data-active={k === key}>
      <Activity mode={k === key ? 'visible' : 'hidden'}>
        <UNSAFE_LocationContext.Provider value={page.context}>
          <Suspense fallback={<RouteProgress />}>{page.element}</Suspense>
        </UNSAFE_LocationContext.Provider>
      </Activity>
    </div>
  ));
  return (
    <>
      {pages}
      {!keepAlive && (
        <div className="pms-page" data-active="true" key={key}>
          <Suspense fallback={<RouteProgress />}>{outlet}</Suspense>
        </div>
      )}
    </>
  );
}
