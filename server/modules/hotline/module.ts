import type { ServerModule } from '../../engine/module.ts';
import { hotlineCallHooks } from './hooks/hotline_call.ts';
import { hotlineSeatHooks } from './hooks/hotline_seat.ts';
import hotlineRoutes from './routes.ts';

/** The 400 hotline: seats, signing a seat in at the telephony provider, calls and their history. */
export const hotlineModule: ServerModule = {
  name: 'hotline',
  dependsOn: ['org', 'workorder'],
  hooks: { hotline_call: hotlineCallHooks, hotline_seat: hotlineSeatHooks },
  routes: { auth: hotlineRoutes },
};
