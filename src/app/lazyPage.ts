import { lazy, type ComponentType } from 'react';

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

/**
 * React.lazy that reloads the page once when a chunk fails to load (spec 2.1, 8): after a
 * deployment the old hashed chunks are gone and a reload fetches the new ones.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<P = any>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    withTimeout(load(), CHUNK_LOAD_TIMEOUT).then(
      (module) => {
        sessionStorage.removeItem(RELOADED_KEY);
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
    ),
  );
}
