import type { ComponentType } from 'react';
import type { PushMessage } from '../shared/push.ts';
import type { WidgetName } from '../shared/registry.ts';
import type { PageMeta } from './pageMeta.ts';

/** Answers whether a navigation may go ahead: true at once, or later (the user is asked). */
export type NavigationCheck = () => true | Promise<boolean>;

/**
 * What the renderer needs from the app around it (as amis's `env`, refine's providers): the
 * engine never imports src/app or a module, so the app hands it these once, before it renders.
 */
export interface EngineHost {
  /** Puts every in-app navigation behind `check` until the returned function is called (unsaved forms). */
  blockNavigation(check: NavigationCheck): () => void;
  /** The page schema's routing keys behind a path, when a schema page is routed there (button permissions). */
  findPage(pathname: string): PageMeta | undefined;
  /** Calls `listener` with every push notice shown; returns the unsubscribe (lists reload on them). */
  onPushMessage(listener: (message: PushMessage) => void): () => void;
  /** A card a module draws on dashboard pages (its code loads when first shown). */
  widget(name: WidgetName): ComponentType;
  /**
   * The form designer's code (the FormDesigner field): handed in by the app because the designer's
   * live preview renders with the field registry that lists it, a cycle the engine cannot import.
   */
  loadFormDesigner?(): Promise<unknown>;
}

let host: EngineHost | undefined;

/** Called once by the composition root (src/main.tsx), before the first render. */
export function setEngineHost(next: EngineHost): void {
  host = next;
}

export function engineHost(): EngineHost {
  if (!host) throw new Error('setEngineHost() not called');
  return host;
}
