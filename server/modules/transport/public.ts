// What other modules use of data transport: queue a message to another system in their own transaction.
export { enqueueSync, transportSign, type SyncItem } from './send.ts';
