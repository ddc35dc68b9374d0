import React, { Suspense, use } from 'react';

type AnyComponent = React.ComponentType<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A component whose code is loaded on first use; `preload` fetches it ahead. */
export type LazyComponent = AnyComponent & { preload?: () => Promise<unknown> | undefined };

/**
 * A component whose code loads the first time it is shown (date pickers, trees, uploads,
 * sortable lists): list pages and simple forms do not carry them. Once loaded it renders at
 * once; a form preloads the ones it uses (fields.tsx `preloadFields`), so its fields mount in
 * one pass instead of each date picker appearing in a second render of its own.
 */
export function lazyComponent(load: () => Promise<AnyComponent>): LazyComponent {
  let loaded: AnyComponent | undefined;
  let loading: Promise<AnyComponent> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  function Loaded(props: Record<string, unknown>) {
    // The component is one and the same once loaded: React keeps its state.
    return React.createElement(loaded ?? use(preload()), props);
  }
  return Object.assign(
    function LazyComponent(props: Record<string, unknown>) {
      return (
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      );
    },
    { preload: () => (loaded ? undefined : preload()) },
  );
}
