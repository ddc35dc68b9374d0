import type { ServerModule } from '../../engine/module.ts';
import { robotBroadcastHooks } from './hooks/robot_broadcast.ts';
import { ROBOT_DEMO_GRANTS, seedRobots } from './seed.ts';

/**
 * The reception robots' "小秘书" (/orionManagement/secretary): the robots of each project, their
 * questions and answers, and broadcasts played on a schedule (the engine's recurring generation
 * makes each day's play from robot_broadcast's `schedule`).
 */
export const robotModule: ServerModule = {
  name: 'robot',
  dependsOn: ['org'],
  hooks: { robot_broadcast: robotBroadcastHooks },
  demoGrants: ROBOT_DEMO_GRANTS,
  seed: seedRobots,
};
