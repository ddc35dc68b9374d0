import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signedIn, type Api } from './api.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * Upload abuse against the real file service (issue 10): sizes at and over the limit, too many
 * parts, script disguised as images, polyglots, hostile file names and aborted uploads, each
 * followed by a look at the disk and at how accepted files are served back.
 */
export interface UploadAbuseFigures {
  cases: number;
  /** Files that appeared outside <data>/files (traversal), in the server's whole temp root. */
  filesOutsideUploadFolder: number;
  /** Files left in the OS temp dir or the upload temp folder once the uploads ended. */
  tempFilesLeft: number;
  storedNamesNotServerGenerated: number;
  /** Stored files fetched back without nosniff, or as attachment where they must be, or inline without the sandbox. */
  downloadsUnsafe: number;
  /** Files with markup a browser would run (HTML, SVG, script) that were accepted. */
  dangerousAccepted: number;
  /** Display names that still carry a path, control, bidi or reserved device name. */
  unsafeDisplayNames: number;
  /** Answers other than the expected refusal (or acceptance), with a 5xx, or without a Chinese message. */
  unexpectedAnswers: number;
}

const LIMIT = 64 * 1024;
/** A real 1x1 PNG, GIF and JPEG header. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const JPEG_HEAD = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

interface Part {
  field?: string;
  /** Raw bytes of the filename parameter (undefined: a plain field). */
  filename?: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart body written by hand, so names with NUL, CR or 10,000 characters go out byte for byte. */
function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----pms${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`),
    p.bytes,
    Buffer.from('\r\n'),
  ]);
  return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Case {
  name: string;
  endpoint: '/upload' | '/uploadMulti' | '/cdnUpload';
  parts: Part[];
  /** Markup a browser would run: must be refused. */
  dangerous?: boolean;
  /** The status of the refusal; none: expected to be stored. */
  refused?: 400 | 413 | 415;
}

const file = (filename: string, bytes: Buffer, type = 'image/png'): Part => ({ filename, bytes, type });
const pad = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);

/** Every case, once; `round` makes names differ between repetitions. */
function cases(round: number): Case[] {
  const hostileNames = [
    '../../x.png', '..\\..\\..\\x.png', '/etc/passwd.png', 'C:\\Windows\\system32\\x.png', 'a\u0000b.png', 'x'.repeat(10_000) + '.png',
    `photo${'\u202e'}gnp.exe.png`, 'CON.png', 'nul', 'COM1.png', 'LPT9.png', 'aux.tar.png', 'end. . .', '\u200b\u2066.png', `r${round}\r\nX-Injected: 1.png`,
    '%2e%2e%2f%2e%2e%2fx.png', '....//....//x.png', '<img src=x onerror=alert(1)>.png', '',
  ];
  return [
    { name: 'exactly the limit', endpoint: '/upload', parts: [file('limit.png', pad(PNG, LIMIT))] },
    { name: 'one byte over the limit', endpoint: '/upload', parts: [file('over.png', pad(PNG, LIMIT + 1))], refused: 413 },
    { name: 'far over the limit', endpoint: '/upload', parts: [file('huge.png', pad(PNG, LIMIT * 16))], refused: 413 },
    { name: 'empty file', endpoint: '/upload', parts: [file('empty.png', Buffer.alloc(0))], refused: 400 },
    { name: 'two files to the single upload', endpoint: '/upload', parts: [file('a.png', PNG), file('b.png', PNG)], refused: 400 },
    { name: 'eleven files to the multi upload', endpoint: '/uploadMulti', parts: Array.from({ length: 11 }, (_, i) => file(`m${i}.png`, PNG)), refused: 413 },
    { name: 'thirty-one fields', endpoint: '/uploadMulti', parts: [...Array.from({ length: 31 }, (_, i) => ({ field: `f${i}`, bytes: Buffer.from('x') })), file('m.png', PNG)], refused: 413 },
    { name: 'wrong field name', endpoint: '/upload', parts: [{ ...file('a.png', PNG), field: 'files' }], refused: 400 },
    { name: 'no file at all', endpoint: '/upload', parts: [{ field: 'x', bytes: Buffer.from('y') }], refused: 400 },
    { name: 'HTML named .jpg', endpoint: '/upload', parts: [file('photo.jpg', HTML, 'image/jpeg')], dangerous: true, refused: 415 },
    { name: 'SVG named .png', endpoint: '/upload', parts: [file('icon.png', SVG)], dangerous: true, refused: 415 },
    { name: 'SVG as itself', endpoint: '/cdnUpload', parts: [file('icon.svg', SVG, 'image/svg+xml')], dangerous: true, refused: 415 },
    { name: 'GIF that is also HTML', endpoint: '/upload', parts: [file('poly.gif', Buffer.concat([GIF, HTML]), 'image/gif')], dangerous: true, refused: 415 },
    { name: 'GIF header then HTML', endpoint: '/upload', parts: [file('poly2.gif', Buffer.concat([Buffer.from('GIF89a'), HTML]), 'image/gif')], dangerous: true, refused: 415 },
    { name: 'JPEG with script in a comment', endpoint: '/upload', parts: [file('poly.jpg', Buffer.concat([JPEG_HEAD, Buffer.from('fffe0040', 'hex'), SVG, Buffer.from('ffd9', 'hex')]), 'image/jpeg')], dangerous: true, refused: 415 },
    { name: 'PNG with HTML after IEND', endpoint: '/upload', parts: [file('poly.png', Buffer.concat([PNG, HTML]))], dangerous: true, refused: 415 },
    { name: 'PDF that is also HTML', endpoint: '/upload', parts: [file('poly.pdf', Buffer.concat([PDF, HTML]), 'application/pdf')], dangerous: true, refused: 415 },
    { name: 'markup split across chunks', endpoint: '/upload', parts: [file('split.png', Buffer.concat([pad(PNG, 16 * 1024 - 3), Buffer.from('<scr'), Buffer.from('ipt>alert(1)</script>')]))], dangerous: true, refused: 415 },
    // Markup a byte-for-byte search misses: in UTF-16 (either byte order) and split by NUL bytes (issue 40, finding 10).
    { name: 'PNG with UTF-16LE HTML', endpoint: '/upload', parts: [file('utf16le.png', Buffer.concat([PNG, Buffer.from('\ufeff<html><script>alert(1)</script>', 'utf16le')]))], dangerous: true, refused: 415 },
    { name: 'PNG with UTF-16BE SVG', endpoint: '/upload', parts: [file('utf16be.png', Buffer.concat([PNG, Buffer.from('\ufeff<svg onload=alert(1)>', 'utf16le').swap16()]))], dangerous: true, refused: 415 },
    { name: 'GIF with NUL-split script', endpoint: '/upload', parts: [file('nul.gif', Buffer.concat([GIF, Buffer.from('<scr\0ipt>alert(1)</scr\0ipt>')]), 'image/gif')], dangerous: true, refused: 415 },
    { name: 'clean GIF', endpoint: '/upload', parts: [file('ok.gif', GIF, 'image/gif')] },
    { name: 'clean PDF', endpoint: '/upload', parts: [file('ok.pdf', PDF, 'application/pdf')] },
    ...hostileNames.map((name): Case => ({ name: `name ${JSON.stringify(name.slice(0, 40))}`, endpoint: '/upload', parts: [file(name, PNG)] })),
  ];
}

/** Every file under a directory, as paths relative to it. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** The replay query and headers of one signed call without parameters (multipart bodies are not signed). */
function signedCall(api: Api) {
  const { replay, sign } = api.signed({});
  return { search: new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)])), headers: api.headers(sign) };
}

async function send(server: TestServer, api: Api, c: Case) {
  const { search, headers } = signedCall(api);
  const { body, contentType } = multipartBody(c.parts);
  const response = await fetch(`${server.url}/api/file${c.endpoint}?${search}`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: new Uint8Array(body) });
  return { http: response.status, body: (await response.json().catch(() => ({}))) as { message?: string; data?: { fileFullName: string; cdnUrl: string } | { fileFullName: string; cdnUrl: string }[] } };
}

/** Sends half a multipart body, then destroys the socket. */
async function abortMidBody(server: TestServer, api: Api): Promise<void> {
  const { search, headers } = signedCall(api);
  const { body, contentType } = multipartBody([file('aborted.png', pad(PNG, LIMIT - 1024))]);
  await new Promise<void>((resolve) => {
    const request = http.request(`${server.url}/api/file/upload?${search}`, { method: 'POST', headers: { ...headers, 'content-type': contentType, 'content-length': body.length } });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(body.subarray(0, body.length / 2), () => setTimeout(() => request.destroy(), 50));
  });
}

/** The display name a download offers, from Content-Disposition (RFC 5987 or plain). */
function offeredName(disposition: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  return star ? decodeURIComponent(star[1]!) : (/filename="([^"]*)"/.exec(disposition)?.[1] ?? '');
}

const UNSAFE_NAME = /[\\/\p{Cc}\p{Cf}<>:"|?*]|^(con|prn|aux|nul|com\d|lpt\d)(\.|$)|[. ]$/iu;

/**
 * Runs every case `rounds` times (plus `rounds` aborted uploads) against a server of its own, whose
 * OS temp dir is a private folder so that what is left in it is the server's doing alone.
 */
export async function runUploadAbuse(rounds = 1): Promise<UploadAbuseFigures> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-upload-abuse-'));
  const savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = root;
  const figures: UploadAbuseFigures = { cases: 0, filesOutsideUploadFolder: 0, tempFilesLeft: 0, storedNamesNotServerGenerated: 0, downloadsUnsafe: 0, dangerousAccepted: 0, unsafeDisplayNames: 0, unexpectedAnswers: 0 };
  let server: TestServer | undefined;
  try {
    server = await startServer({ PMS_UPLOAD_MAX_BYTES: String(LIMIT) });
    const api = await signedIn(server.url, 'kefu');
    const dataDir = server.config.dataDir;
    const filesDir = path.join(dataDir, 'files');
    const before = new Set(listFiles(root));
    for (let round = 0; round < rounds; round++) {
      for (const c of cases(round)) {
        figures.cases++;
        const answer = await send(server, api, c);
        if (answer.http !== (c.refused ?? 200) || !/[\u4e00-\u9fff]/.test(answer.body.message ?? '')) figures.unexpectedAnswers++;
        if (answer.http !== 200) continue;
        if (c.dangerous) figures.dangerousAccepted++;
        for (const stored of [answer.body.data ?? []].flat()) {
          if (!/^\d{6}\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/.test(stored.fileFullName)) figures.storedNamesNotServerGenerated++;
          const call = signedCall(api);
          const download = await fetch(`${server.url}/api/file/download/${stored.fileFullName}?${call.search}`, { headers: call.headers });
          const served = await fetch(server.url + stored.cdnUrl);
          await Promise.all([download.arrayBuffer(), served.arrayBuffer()]);
          const disposition = download.headers.get('content-disposition') ?? '';
          if (download.status !== 200 || !disposition.startsWith('attachment') || download.headers.get('x-content-type-options') !== 'nosniff') figures.downloadsUnsafe++;
          if (served.status !== 200 || served.headers.get('x-content-type-options') !== 'nosniff' || !(served.headers.get('content-security-policy') ?? '').includes('sandbox')) figures.downloadsUnsafe++;
          if (UNSAFE_NAME.test(offeredName(disposition))) figures.unsafeDisplayNames++;
        }
      }
      figures.cases++;
      await abortMidBody(server, api);
    }
    // An aborted upload is cleaned up when the server notices the closed socket: give it a moment.
    const upload = path.join(dataDir, 'tmp');
    for (let i = 0; i < 50 && listFiles(upload).length; i++) await sleep(100);
    const created = listFiles(root).filter((f) => !before.has(f));
    const inUploads = (f: string) => path.resolve(root, f).startsWith(filesDir + path.sep);
    const inTemp = (f: string) => path.resolve(root, f).startsWith(upload + path.sep) || !path.resolve(root, f).startsWith(dataDir + path.sep);
    figures.tempFilesLeft = created.filter(inTemp).length;
    // Where the traversal names would land if a name ever reached the disk beyond the private root.
    const escaped = [path.join(path.dirname(root), 'x.png'), '/etc/passwd.png', '/x.png'].filter((f) => fs.existsSync(f));
    figures.filesOutsideUploadFolder = created.filter((f) => !inUploads(f) && !inTemp(f)).length + escaped.length;
  } finally {
    await server?.close();
    // Assigning undefined to process.env stores the string "undefined": delete instead.
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    fs.rmSync(root, { recursive: true, force: true });
  }
  return figures;
}
