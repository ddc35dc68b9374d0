import { createElement, lazy, useState, type ComponentType } from 'react';

/** Spec 9: a lazily loaded part gets 120000 ms before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT = 120_000;
const RELOADED_KEY = 'pms:chunk-reloaded';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** A lazily loaded screen that can start loading before it is rendered. */
export type LazyPage<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * React.lazy that reloads the page once when a chunk fails to load (spec 2.1, 8): after a
 * deployment the old hashed chunks are gone and a reload fetches the new ones. `preload()`
 * starts the load early (src/main.tsx loads the first screen's code alongside the runtime config);
 * an instance mounted after the code arrived renders at once instead of suspending.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<P = any>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT).then(
      (module) => {
        sessionStorage.removeItem(RELOADED_KEY);
        loaded = module.default;
        return module;
      },
      (error) => {
        if (!sessionStorage.getItem(RELOADED_KEY)) {
          sessionStorage.setItem(RELOADED_KEY, '1');
          window.location.reload();
          return new Promise<never>(() => {});
        }
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page(props: P) {
    // Chosen once per instance: switching component types later would remount the screen.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Component as ComponentType<object>, props as object);
  }
  return Object.assign(Page, { preload });
}
