/** What other modules use of the community module: activity and notice counters, vote tallies (the owner-side API). */
export { countActivity, HOLDING_PLACE, voteResults } from './activities.ts';
export { countRecipients } from './notices.ts';
import './tables.ts';
