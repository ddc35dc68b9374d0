/** What other modules may use of the messages module: push notices (spec 4, 7.6, 9) and the notice state (spec 3). */
export { onPushMessage } from './events.ts';
export { useNoticeState } from './state.ts';
export type { PushMessage } from '../../shared/push.ts';
