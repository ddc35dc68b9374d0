/** A promise React's use() reads as already fulfilled (it looks at `status`), so it never suspends. */
const READY = Object.assign(Promise.resolve(undefined), { status: 'fulfilled', value: undefined });
const readiness = new WeakMap<object, Promise<unknown>>();

/**
 * One promise per `key` for use(), called on every render: `load` starts what must be there
 * first (or answers undefined when all is). use() must be called unconditionally (a render that
 * suspended and one that did not call the same hooks) and with the same promise each time, not a
 * new Promise.all per render (React: "called use() to suspend in a previous render but did not
 * call use() when it finished"). A failed load is forgotten, so the next render tries again.
 */
export function onceReady(key: object, load: () => Promise<unknown> | undefined): Promise<unknown> {
  const known = readiness.get(key);
  if (known) return known;
  const loading = load();
  const ready = loading ? loading.catch((error: unknown) => (readiness.delete(key), Promise.reject(error))) : READY;
  readiness.set(key, ready);
  return ready;
}
