/**
 * Markup a browser could run, looked for in the bytes of an upload: an image or PDF that is also
 * an HTML or SVG page (a polyglot) is refused even though its magic bytes are right. Downloads
 * are sent with nosniff and a sandbox policy anyway; this keeps such files out altogether.
 * NUL bytes are dropped before looking, so markup in UTF-16 or UTF-32 (either byte order) and
 * markup split by NULs (`<scr\0ipt>`) is found as well.
 */
const MARKERS = ['<script', '<html', '<svg', '<iframe', '<body', '<object', '<embed', '<!doctype', '<foreignobject', '<?xml-stylesheet'];
const LONGEST = Math.max(...MARKERS.map((m) => m.length));

/** Fed the chunks of a stream in order; `found` tells whether any marker appeared, across chunk boundaries too. */
export function markupScan() {
  let tail = '';
  let found = false;
  return {
    feed(chunk: Buffer) {
      if (found) return;
      // latin1 maps every byte to one character, so ASCII markers match in binary data.
      const text = tail + chunk.toString('latin1').replaceAll('\0', '').toLowerCase();
      found = MARKERS.some((marker) => text.includes(marker));
      tail = text.slice(-(LONGEST - 1));
    },
    get found() {
      return found;
    },
  };
}
