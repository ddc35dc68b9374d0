import type { PushMessage } from '../../shared/push.ts';

type Listener = (message: PushMessage) => void;
const listeners = new Set<Listener>();

/**
 * Called with every push notice that is shown (after the rules of spec 4), so a screen can
 * refresh itself: `useEffect(() => onPushMessage((m) => reload()), [])`. Returns the unsubscribe.
 */
export function onPushMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitPushMessage(message: PushMessage): void {
  for (const listener of listeners) {
    try {
      listener(message);
    } catch (error) {
      console.warn('push listener failed', error);
    }
  }
}
