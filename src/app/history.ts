import { UNSAFE_createBrowserHistory, type HistoryRouterProps } from 'react-router-dom';
import type { NavigationCheck } from '../engine/host.ts';

type History = HistoryRouterProps['history'];

/**
 * Told of a navigation before the router renders it; may answer a promise of the new screen's
 * first data, which the router then waits for, at most HOLD_MS.
 */
export type NavigationWatcher = (to: History['location']) => Promise<unknown> | undefined;

/**
 * How long a navigation may wait for its screen's first data. The old screen stays meanwhile;
 * the new one then renders once, with its rows, instead of an empty table painted first and the
 * rows a render later (#11). Past it the screen renders without them, as it would have.
 */
export const HOLD_MS = 300;

let check: NavigationCheck | null = null;
let watcher: NavigationWatcher | null = null;

/**
 * Tells `watch` of every navigation that goes ahead, before the router renders it: a screen's
 * first data can be asked for at once and the screen rendered when it is back (KeepAliveOutlet).
 * One watcher at a time.
 */
export function watchNavigation(watch: NavigationWatcher): () => void {
  watcher = watch;
  return () => {
    if (watcher === watch) watcher = null;
  };
}

/**
 * Puts every in-app navigation (links, navigate(), back and forward) behind `ask` until the
 * returned function is called. React Router's own blocker (useBlocker) needs the data router,
 * which weighs 16 KB gzip more on every first load; this is the same idea over the browser history.
 */
export function blockNavigation(ask: NavigationCheck): () => void {
  check = ask;
  return () => {
    if (check === ask) check = null;
  };
}

/** Runs `go` once the navigation check (the leave guard's question about unsaved changes) allows leaving this page. */
export function whenAllowed(go: () => void): void {
  const answer = check?.() ?? true;
  if (answer === true) go();
  else void answer.then((ok) => ok && go());
}

const browser = UNSAFE_createBrowserHistory({ v5Compat: true });
/** Counts navigations: a held one is rendered only if no later one went ahead meanwhile. */
let navigations = 0;

/** Passes a navigation on to the router once its screen's first data is back, or HOLD_MS on. */
function whenDataBack(location: History['location'], render: () => void): void {
  const mine = ++navigations;
  const waiting = watcher?.(location);
  if (!waiting) return render();
  let timer: ReturnType<typeof setTimeout> | undefined;
  void Promise.race([waiting, new Promise((resolve) => (timer = setTimeout(resolve, HOLD_MS)))]).then(() => {
    clearTimeout(timer);
    if (mine === navigations) render();
  });
}
/** Set while the address bar is put back after a blocked back/forward: that pop is ours, not the user's. */
let undoingPop = false;

/** The app's browser history (what BrowserRouter would create), with navigations checked first. */
export const appHistory: History = {
  get action() {
    return browser.action;
  },
  get location() {
    return browser.location;
  },
  createHref: (to) => browser.createHref(to),
  createURL: (to) => browser.createURL(to),
  encodeLocation: (to) => browser.encodeLocation(to),
  push: (to, state) => whenAllowed(() => browser.push(to, state)),
  replace: (to, state) => whenAllowed(() => browser.replace(to, state)),
  go: (delta) => whenAllowed(() => browser.go(delta)),
  listen: (listener) =>
    browser.listen((update) => {
      const go = () => whenDataBack(update.location, () => listener(update));
      if (update.action !== 'POP' || !update.delta) return go();
      if (undoingPop) {
        undoingPop = false;
        return;
      }
      const answer = check?.() ?? true;
      if (answer === true) return go();
      // Back/forward has already moved the address bar: move it back while the user decides,
      // then redo the move if they leave (the check lets it through by then).
      const delta = update.delta;
      undoingPop = true;
      browser.go(-delta);
      void answer.then((ok) => ok && browser.go(delta));
    }),
};
