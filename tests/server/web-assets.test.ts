import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/build/precompress.ts';
import { startServer, type TestServer } from '../support/server.ts';

// A small build of its own (an index page, a hashed script, a tiny stylesheet), precompressed as
// `vite build` does, served by the real server.
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-web-'));
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `第${i}行`))};\n`;
const INDEX = `<!doctype html><html><head><title>PMS</title><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;
let server: TestServer;

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webRoot, 'assets/index-AbC123.js'), script);
  fs.writeFileSync(path.join(webRoot, 'assets/tiny-AbC123.css'), 'a{color:red}');
  expect(await precompress(webRoot)).toBe(2);
  // As the build writes it (scripts/build/firstScreenHints.ts): the chunks of two screens beyond the start-up code.
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.writeFileSync(path.join(webRoot, '.vite/first-screens.json'), JSON.stringify({ '/label-create': ['/assets/FormRoute-X1.js', '/assets/label-create-X2.js'], '/notice/:id': ['/assets/DetailPage-X3.js'] }));
  server = await startServer({}, undefined, { webRoot });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** A GET with the raw body as sent (no decoding: fetch would undo the encoding). */
function get(url: string, acceptEncoding?: string, accept = '*/*'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { accept, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) };
    http
      .get(server.url + url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('built assets go out precompressed (issue 11)', () => {
  it('sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, the file itself otherwise', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    for (const answer of [br, gz, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      // A cache keeps one copy per encoding.
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(gz.body.length).toBeLessThan(script.length / 3);
  });

  it('sends a file too small to gain from compression as it is', async () => {
    const tiny = await get('/assets/tiny-AbC123.css', 'gzip, br');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('a{color:red}');
  });

  it('sends index.html, also for a client route, compressed and never cached', async () => {
    for (const url of ['/index.html', '/workorder/list']) {
      const page = await get(url, 'br', 'text/html');
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<title>PMS</title>');
    }
  });
});

describe("a deep link's page names its screen's code (issue 11)", () => {
  const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('adds module preloads of the screen at the path, in order, after the start-up code, never cached', async () => {
    const page = await get('/label-create?id=3', 'br', 'text/html');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const html = page.body.toString();
    expect(links(html)).toEqual(['/assets/FormRoute-X1.js', '/assets/label-create-X2.js']);
    expect(html.indexOf('/assets/FormRoute-X1.js')).toBeGreaterThan(html.indexOf('/assets/index-AbC123.js'));
    expect(html.replace(/<link rel="modulepreload"[^>]*>/g, '')).toBe(INDEX);
  });

  it('finds a route with parameters as the router does, and adds nothing for a path without a screen of its own', async () => {
    expect(links((await get('/notice/42', undefined, 'text/html')).body.toString())).toEqual(['/assets/DetailPage-X3.js']);
    for (const url of ['/notice/42/edit', '/notice', '/workorder/list']) {
      const page = await get(url, undefined, 'text/html');
      expect(page.status).toBe(200);
      expect(page.body.toString(), url).toBe(INDEX);
    }
  });

  it("sends the page as it is when the build's list cannot be read (a build cut short)", async () => {
    const file = path.join(webRoot, '.vite/first-screens.json');
    const list = fs.readFileSync(file);
    // A later modification time each: the server reads the list again when it changes.
    const touch = (minutes: number) => fs.utimesSync(file, new Date(), new Date(Date.now() + minutes * 60_000));
    fs.writeFileSync(file, '{"/label-create": ["/assets/Form');
    touch(1);
    try {
      const page = await get('/label-create', undefined, 'text/html');
      expect(page.status).toBe(200);
      expect(page.body.toString()).toBe(INDEX);
    } finally {
      fs.writeFileSync(file, list);
      touch(2);
    }
    expect(links((await get('/label-create', undefined, 'text/html')).body.toString())).toEqual(['/assets/FormRoute-X1.js', '/assets/label-create-X2.js']);
  });
});
