import type { EngineHost } from '../engine/host.ts';
// events.ts rather than the module's public.ts: that would bring the notice state into the entry.
import { onPushMessage } from '../modules/messages/events.ts';
import { blockNavigation } from './history.ts';
import { findRoute } from './routes.ts';
import { WIDGETS } from './widgets.ts';

/** The app's side of the renderer's host: its history, its route table, the push notices and the modules' dashboard cards. */
export const APP_ENGINE_HOST: EngineHost = {
  blockNavigation,
  findPage: (pathname) => findRoute(pathname)?.page,
  onPushMessage,
  widget: (name) => WIDGETS[name],
  loadFormDesigner: () => import('../engine/FormDesigner.tsx'),
};
