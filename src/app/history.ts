import { UNSAFE_createBrowserHistory, type HistoryRouterProps } from 'react-router-dom';

type History = HistoryRouterProps['history'];

/** Answers whether a navigation may go ahead: true at once, or later (the user is asked). */
export type NavigationCheck = () => true | Promise<boolean>;

let check: NavigationCheck | null = null;
let watcher: ((to: History['location']) => void) | null = null;

/**
 * Tells `watch` of every navigation that goes ahead, before the router renders it: a screen's
 * first data can be asked for while it renders (KeepAliveOutlet). One watcher at a time.
 */
export function watchNavigation(watch: (to: History['location']) => void): () => void {
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

function whenAllowed(go: () => void): void {
  const answer = check?.() ?? true;
  if (answer === true) go();
  else void answer.then((ok) => ok && go());
}

const browser = UNSAFE_createBrowserHistory({ v5Compat: true });
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
      const go = () => {
        watcher?.(update.location);
        listener(update);
      };
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
