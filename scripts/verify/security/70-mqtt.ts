// MQTT abuse at full size (issue 10): every kind of abuse of the embedded broker tried 20 times
// while a victim and a listener are connected and notices are sent.
import { mqttAbuse } from '../../../tests/support/mqttAbuse.ts';
import { startServer } from '../../../tests/support/server.ts';
import { mustBeZero, type VerifyRow } from '../rows.ts';

const ROUNDS = 20;
const area = 'mqtt';

export default async (): Promise<VerifyRow[]> => {
  const server = await startServer();
  try {
    const f = await mqttAbuse(server, ROUNDS);
    return [
      ...f.kinds.flatMap((k) => [
        { area, figure: `${k.kind}: attempts`, value: k.attempts, target: `≥ ${ROUNDS}`, ok: k.attempts >= ROUNDS },
        mustBeZero(area, `${k.kind}: accepted`, k.accepted),
      ]),
      mustBeZero(area, 'messages that reached a non-recipient', f.leaked),
      { area, figure: 'notices reaching their connected recipients', value: `${f.noticesDelivered} / ${f.noticesSent}`, target: 'all', ok: f.noticesDelivered === f.noticesSent },
    ];
  } finally {
    await server.close();
  }
};
