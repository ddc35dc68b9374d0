/** What other modules use of the auth module: the owner SMS code check (the owner app's sign-in). */
export { consumeOwnerCode, refuseOwnerCode } from './ownerSms.ts';
