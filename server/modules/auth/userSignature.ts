import { createHmac } from 'node:crypto';

/**
 * The `user_sig` session key of spec 3: the user's id and account signed with the server's
 * signing seed, so a service sharing that seed can trust who the browser says it is.
 */
export function userSignature(seed: string, staffId: number, account: string): string {
  return createHmac('sha256', `user-sig:${seed}`).update(`${staffId}:${account}`).digest('hex');
}
