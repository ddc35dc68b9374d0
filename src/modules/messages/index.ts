/** Real-time push notices (spec 4 "Push notice", 7.6, 9): other screens refresh on `onPushMessage`. */
export { onPushMessage } from './events.ts';
export type { PushMessage } from '../../shared/push.ts';
