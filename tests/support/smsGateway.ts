import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in SMS gateway on loopback that records what it is asked to send (PMS_SMS_WEBHOOK_URL). */
export async function startSmsGateway(): Promise<{ url: string; sent: { mobile: string; text: string }[]; close(): void }> {
  const sent: { mobile: string; text: string }[] = [];
  const gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      sent.push(JSON.parse(body));
      res.writeHead(200).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`, sent, close: () => gateway.close() };
}
