import type { EngineHost } from '../engine/host.ts';
// events.ts rather than the module's public.ts: that would bring the notice state into the entry.
import { onPushMessage } from '../modules/messages/events.ts';
import { blockNavigation } from './history.ts';
import { findRoute } from './routes.ts';

/** The app's side of the renderer's host: its history, its route table and the push notices. */
export const APP_ENGINE_HOST: EngineHost = {
  blockNavigation,
  findPage: (pathname) => findRoute(pathname)?.page,
  onPushMessage,
};
