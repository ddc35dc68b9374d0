/**
 * Follows the MQTT packets a client sends (fixed header, then the remaining length as a
 * variable byte integer, then that many bytes) across WebSocket messages, and answers false as
 * soon as a packet declares more than `max` bytes. A WebSocket's own limit is per message, and an
 * MQTT client may split one packet over many messages: without this, the broker would buffer a
 * packet of up to 256 MB before looking at it.
 */
export function packetSizeGuard(max: number): (chunk: Buffer) => boolean {
  let readingLength = false;
  let length = 0;
  let multiplier = 1;
  let skip = 0;
  return (chunk) => {
    let i = 0;
    while (i < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
      } else if (!readingLength) {
        // The packet type byte; its remaining length follows.
        readingLength = true;
        length = 0;
        multiplier = 1;
        i++;
      } else {
        const byte = chunk[i++]!;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if (length > max || (byte & 0x80 && multiplier > 128 ** 3)) return false;
        if (!(byte & 0x80)) {
          readingLength = false;
          skip = length;
        }
      }
    }
    return true;
  };
}
