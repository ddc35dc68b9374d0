import { describe, expect, it } from 'vitest';
import { markupScan } from '../../server/modules/files/markupScan.ts';

// The upload check for markup a browser could run inside an image or PDF (a polyglot): every
// marker, in any case, split across chunks at every point, split by NULs and in UTF-16; plain
// binary and near misses pass.
const MARKERS = ['<script', '<html', '<svg', '<iframe', '<body', '<object', '<embed', '<!doctype', '<foreignobject', '<?xml-stylesheet'];
const scan = (...chunks: (Buffer | string)[]) => {
  const s = markupScan();
  for (const c of chunks) s.feed(typeof c === 'string' ? Buffer.from(c, 'latin1') : c);
  return s.found;
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);

describe('markup in uploaded bytes', () => {
  it.each(MARKERS)('finds %s, in any case, after binary data', (marker) => {
    expect(scan(PNG, `xx${marker}>`)).toBe(true);
    expect(scan(PNG, `xx${marker.toUpperCase()} a=1>`)).toBe(true);
  });

  it.each(MARKERS)('finds %s split across two chunks at every point', (marker) => {
    for (let i = 1; i < marker.length; i++) expect(scan(PNG, `ab${marker.slice(0, i)}`, `${marker.slice(i)} x`), `${marker} at ${i}`).toBe(true);
  });

  it('finds a marker spread over three chunks', () => {
    expect(scan('<ifr', 'am', 'e src=x>')).toBe(true);
    expect(scan('a'.repeat(100), '<', 'foreignobject')).toBe(true);
  });

  it('finds markup split by NUL bytes and in UTF-16 of either byte order', () => {
    expect(scan('<scr\0ipt>')).toBe(true);
    expect(scan(PNG, Buffer.from('<svg onload=x>', 'utf16le'))).toBe(true);
    expect(scan(Buffer.from('\ufeff<html>', 'utf16le').swap16())).toBe(true);
  });

  it('passes binary data, text without markup and near misses', () => {
    expect(scan(PNG, Buffer.alloc(4096, 0xff), PNG)).toBe(false);
    expect(scan('a < b and <scrip t>, <htm l>, <sv g>, script, html>')).toBe(false);
    expect(scan()).toBe(false);
  });

  it('keeps its verdict once markup was seen', () => {
    const s = markupScan();
    s.feed(Buffer.from('<script>'));
    s.feed(PNG);
    s.feed(Buffer.alloc(100, 0x41));
    expect(s.found).toBe(true);
  });

  it('forgets what lies further back than a marker could reach', () => {
    // The tail kept between chunks is shorter than the longest marker: text long gone cannot join a later chunk.
    expect(scan('<scri', 'x'.repeat(20), 'pt>')).toBe(false);
  });
});
