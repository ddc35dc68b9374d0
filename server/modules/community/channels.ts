/**
 * The owner-facing channels of a mass notice (App push, SMS, WeChat template message). No
 * owner channel provider is configured in this product yet, so each delivery is recorded as
 * such and the screens say plainly that the channel is not set up; a provider joins here.
 */
export const CHANNEL_NOT_SET_UP = 'recorded';

/** The delivery state of a notice sent on a channel: recorded only, until a provider exists. */
export function deliver(_channel: string): string {
  return CHANNEL_NOT_SET_UP;
}
