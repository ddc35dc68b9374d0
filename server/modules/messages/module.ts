import type { ServerModule } from '../../engine/module.ts';
import { systemNoticeHooks } from './hooks/system_notice.ts';
import messageRoutes from './routes.ts';

/** A staff member's messages (the push notices they received) and the system notices administrators publish. */
export const messagesModule: ServerModule = {
  name: 'messages',
  dependsOn: ['org'],
  hooks: { system_notice: systemNoticeHooks },
  routes: { message: messageRoutes },
};
