import { describe, expect, it } from 'vitest';
import { packetSizeGuard } from '../../server/platform/push/packetLimit.ts';

/** A SUBSCRIBE packet (MQTT 3.1.1, 3.8): type byte, remaining length, packet id, one topic filter at QoS 1. */
function packet(topic: string): Buffer {
  const body = Buffer.concat([Buffer.from([0, 1, topic.length >> 8, topic.length & 0xff]), Buffer.from(topic), Buffer.from([1])]);
  const length: number[] = [];
  for (let n = body.length; ; ) {
    const byte = n % 128;
    n = Math.floor(n / 128);
    length.push(n ? byte | 0x80 : byte);
    if (!n) break;
  }
  return Buffer.concat([Buffer.from([0x82, ...length]), body]);
}
const PINGREQ = Buffer.from([0xc0, 0]);
/** Feeds bytes to a guard in pieces of `size`, as a client splitting packets over WebSocket messages would. */
const feed = (guard: (chunk: Buffer) => boolean, bytes: Buffer, size: number) => {
  for (let i = 0; i < bytes.length; i += size) if (!guard(bytes.subarray(i, i + size))) return false;
  return true;
};

describe('MQTT packet size guard', () => {
  it('lets packets under the limit through, however they are split', () => {
    const stream = Buffer.concat([packet('push/a'), PINGREQ, packet(`push/${'b'.repeat(900)}`)]);
    for (const size of [1, 2, 3, 7, 100, stream.length]) expect(feed(packetSizeGuard(1000), stream, size)).toBe(true);
  });

  it('stops at the header of a packet declaring more than the limit, before its body arrives', () => {
    const big = packet(`push/${'x'.repeat(2000)}`);
    const guard = packetSizeGuard(1000);
    expect(guard(packet('push/a'))).toBe(true);
    expect(guard(big.subarray(0, 3))).toBe(false);
  });

  it('refuses a remaining length longer than four bytes', () => {
    expect(packetSizeGuard(Number.MAX_SAFE_INTEGER)(Buffer.from([0x82, 0xff, 0xff, 0xff, 0xff, 0x01]))).toBe(false);
  });
});
