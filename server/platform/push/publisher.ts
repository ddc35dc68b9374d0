import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';

/** Where the notice service hands a push message: the embedded broker or an external one. */
export interface Publisher {
  /** Resolves once the broker has taken the message at QoS 1. */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The services' connection to an external broker (PMS_MQTT_URL), for deployments where one broker
 * serves many app instances. It reconnects by itself; messages published while it is away wait
 * in mqtt.js's queue, and the notice service retries what was never acknowledged.
 */
export class ExternalPublisher implements Publisher {
  private readonly client: MqttClient;

  constructor(url: string, log: FastifyBaseLogger) {
    this.client = mqtt.connect(url, {
      clientId: `pms-services-${randomUUID().slice(0, 8)}`,
      clean: true,
      keepalive: 60,
      connectTimeout: 4000,
      reconnectPeriod: 2000,
    });
    let reported = false;
    this.client.on('connect', () => {
      reported = false;
      log.info('connected to the external push broker');
    });
    this.client.on('error', (error) => {
      if (!reported) log.warn({ err: error }, 'external push broker unavailable');
      reported = true;
    });
  }

  publish(topic: string, payload: string): Promise<void> {
    return new Promise((resolve, reject) => this.client.publish(topic, payload, { qos: 1 }, (error) => (error ? reject(error) : resolve())));
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
