import type { ServerModule } from '../../engine/module.ts';
import { meetingHooks, minutesHooks } from './hooks.ts';
import { MEETINGS_DEMO_GRANTS, seedMeetings } from './seed.ts';

/**
 * Meetings: rooms, bookings (no two at once in a room: the resource's exclusive rule), minutes,
 * the no-show blacklist and the exceptions list. The JSON declares the screens; this code keeps a
 * booking and its minutes in their room's and meeting's project and turns no-shows into
 * exceptions and, by rule, blacklist entries.
 */
export const meetingsModule: ServerModule = {
  name: 'meetings',
  dependsOn: ['org'],
  hooks: { meeting: meetingHooks, meeting_minutes: minutesHooks },
  demoGrants: MEETINGS_DEMO_GRANTS,
  seed: seedMeetings,
};
