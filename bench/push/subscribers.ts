// A worker thread holding many MQTT subscribers over WebSocket, as many browsers would: each
// signs in to the broker with its own session token and subscribes to its own topic. The
// moment each message arrives is noted here, off the server's event loop, and reported back.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';

export interface SubscriberSpec {
  token: string;
  topic: string;
}
export interface SubscribersData {
  url: string;
  subscribers: SubscriberSpec[];
}
/** What the worker posts: ready once every client has its SUBACK, then one arrival per message. */
export type SubscriberReport = { ready: number; failed: string[] } | { arrivals: { topic: string; messageId: number; at: number }[] };

const { url, subscribers } = workerData as SubscribersData;
const clock = () => performance.timeOrigin + performance.now();
const clients: MqttClient[] = [];
let arrivals: { topic: string; messageId: number; at: number }[] = [];
const failed: string[] = [];

async function connect({ token, topic }: SubscriberSpec): Promise<void> {
  const client = await mqtt.connectAsync(url, { username: 'bench', password: token, clean: true, reconnectPeriod: 0, connectTimeout: 30_000, keepalive: 60 });
  clients.push(client);
  client.on('message', (t, payload) => arrivals.push({ topic: t, messageId: (JSON.parse(payload.toString()) as { pushParams: { messageId: number } }).pushParams.messageId, at: clock() }));
  const granted = await client.subscribeAsync(topic, { qos: 1 });
  if (granted[0]?.qos !== 1) throw new Error(`subscription to ${topic} refused`);
}

// Connections open in small batches, as browsers arriving over a minute would.
for (let i = 0; i < subscribers.length; i += 25) {
  const results = await Promise.allSettled(subscribers.slice(i, i + 25).map(connect));
  for (const r of results) if (r.status === 'rejected') failed.push(String(r.reason));
}
parentPort!.postMessage({ ready: clients.length, failed } satisfies SubscriberReport);
// Arrivals go back in batches: one postMessage per message would load the server's thread.
setInterval(() => {
  if (!arrivals.length) return;
  parentPort!.postMessage({ arrivals } satisfies SubscriberReport);
  arrivals = [];
}, 100);
