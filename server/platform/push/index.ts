import type { FastifyInstance } from 'fastify';
import { EmbeddedBroker } from './broker.ts';
import { NoticeService } from './notices.ts';
import { ExternalPublisher, type Publisher } from './publisher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Push notices: `app.notices.send(trx, { staffIds, category, type, content, functionId })` (see notices.ts). */
    notices: NoticeService;
    /** The broker embedded at /mqtt; null when PMS_MQTT_URL names an external one. */
    pushBroker: EmbeddedBroker | null;
  }
}

/** Push (spec 4, 7.6): the embedded broker on the app's port, or an external one, and the notice service. */
export async function registerPush(app: FastifyInstance): Promise<void> {
  let broker: EmbeddedBroker | null = null;
  let publisher: Publisher;
  if (app.config.mqttUrl) {
    publisher = new ExternalPublisher(app.config.mqttUrl, app.log);
  } else {
    broker = new EmbeddedBroker({ db: app.db, sessions: app.sessions, log: app.log, maxConnectionsPerToken: app.config.mqttMaxConnectionsPerToken, checkEveryMs: app.config.timerIntervalMs || undefined });
    await broker.start();
    broker.attach(app.server);
    publisher = broker;
  }
  const notices = new NoticeService(app.db, publisher, app.log);
  app.decorate('notices', notices);
  app.decorate('pushBroker', broker);
  app.addHook('onReady', async () => notices.start());
  // Before the HTTP server closes: open WebSocket connections would keep it waiting.
  app.addHook('preClose', async () => {
    await notices.stop();
    await publisher.close();
  });
}

/** The broker URL browsers are given: the external one without the services' credentials, or '' for same-origin /mqtt. */
export function browserBrokerUrl(mqttUrl: string): string {
  if (!mqttUrl) return '';
  const url = new URL(mqttUrl);
  url.username = '';
  url.password = '';
  return url.toString();
}
