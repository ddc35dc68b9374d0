import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Api, signedIn } from '../support/api.ts';
import { setUpApi, setUpServer } from '../support/setup.ts';

const server = setUpServer({ PMS_UPLOAD_MAX_BYTES: String(64 * 1024) });
const api = setUpApi(server, 'kefu');

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function upload(endpoint: string, files: { name: string; bytes: Buffer; type?: string; field?: string }[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'file', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const { replay, sign } = api.signed({});
  const response = await fetch(`${server.url}/api/file${endpoint}?${new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]))}`, {
    method: 'POST',
    headers: { token: api.token, authtoken: api.token, sign },
    body: form,
  });
  return { http: response.status, body: (await response.json()) as { status: string; message: string; data?: any } };
}

const filesRoot = () => path.join(server.config.dataDir, 'files');
const tmpEntries = () => fs.readdirSync(path.join(server.config.dataDir, 'tmp'));

describe('file service (spec 7.6)', () => {
  it('stores an image under a server-generated name and answers the raw upload shape of spec 3', async () => {
    const answer = await upload('/upload', [{ name: '../../etc/passwd 现场照片.png', bytes: PNG, type: 'image/png' }]);
    expect(answer.http).toBe(200);
    expect(answer.body.status).toBe('200');
    const data = answer.body.data;
    expect(data.fileSampleName).toBe('passwd 现场照片.png');
    expect(data.fileFullName).toMatch(/^\d{6}\/[0-9a-f]{32}\.png$/);
    expect(data.cdnUrl).toBe(`/files/${data.fileFullName}`);
    expect(data.fileSize).toBe(PNG.length);
    expect(fs.existsSync(path.join(filesRoot(), data.fileFullName))).toBe(true);

    const served = await fetch(server.url + data.cdnUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses HTML or SVG script disguised as an image, and leaves no file behind', async () => {
    const before = fs.readdirSync(filesRoot(), { recursive: true }).length;
    const html = await upload('/upload', [{ name: 'photo.jpg', bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/jpeg' }]);
    const svg = await upload('/upload', [{ name: 'icon.png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/png' }]);
    for (const answer of [html, svg]) {
      expect(answer.http).toBe(415);
      expect(answer.body.message).toBe('不支持的文件类型，请上传图片、PDF、Office 文档、音视频或压缩包');
    }
    expect(fs.readdirSync(filesRoot(), { recursive: true }).length).toBe(before);
    expect(tmpEntries()).toEqual([]);
  });

  it('never trusts the declared type when the bytes show none: plain text or noise named and declared as an image, PDF or video is refused and nothing is stored', async () => {
    const rows = async () => Number((await server.app.db.selectFrom('file_object').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const [beforeRows, beforeFiles] = [await rows(), fs.readdirSync(filesRoot(), { recursive: true }).length];
    const noise = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) % 251));
    for (const [name, type, bytes] of [
      ['现场照片.png', 'image/png', Buffer.from('这只是一段文字，不是图片')],
      ['合同.pdf', 'application/pdf', noise],
      ['培训视频.mp4', 'video/mp4', noise],
      ['报表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', Buffer.from('name,mobile\n张三,13800000000\n')],
    ] as const) {
      const answer = await upload('/upload', [{ name, bytes, type }]);
      expect(answer.http, name).toBe(415);
      expect(answer.body.data ?? null).toBeNull();
    }
    expect(await rows()).toBe(beforeRows);
    expect(fs.readdirSync(filesRoot(), { recursive: true }).length).toBe(beforeFiles);
    expect(tmpEntries()).toEqual([]);
  });

  it('refuses a file one byte over the limit with a clear message, and leaves no temp file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(64 * 1024 + 1 - PNG.length)]);
    const answer = await upload('/upload', [{ name: 'big.png', bytes: big, type: 'image/png' }]);
    expect(answer.http).toBe(413);
    expect(answer.body.message).toBe('文件大小超过限制（最大 64 KB）');
    expect(tmpEntries()).toEqual([]);
  });

  it('stores several files in one multi-file upload', async () => {
    const answer = await upload('/uploadMulti', [
      { name: 'a.png', bytes: PNG },
      { name: 'b.png', bytes: PNG },
    ]);
    expect(answer.http).toBe(200);
    expect(answer.body.data.map((d: { fileSampleName: string }) => d.fileSampleName)).toEqual(['a.png', 'b.png']);
  });

  it('requires a session and a signature for uploads', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    const anonymous = await fetch(`${server.url}/api/file/upload`, { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
    const unsigned = await fetch(`${server.url}/api/file/upload`, { method: 'POST', body: form, headers: { token: api.token } });
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { message: string }).message).toBe('请求缺少签名，请刷新页面后重试');
  });

  it('sets the avatar only to a file the user uploaded', async () => {
    const mine = (await upload('/upload', [{ name: 'me.png', bytes: PNG }])).body.data.cdnUrl;
    expect((await api.post('/api/auth/login/updateIcon', { icon: mine })).body.message).toBe('头像已更新');
    const other = await signedIn(server.url, 'diaodu');
    expect((await other.post('/api/auth/login/updateIcon', { icon: mine })).body.message).toBe('头像文件不存在，请重新上传');
  });

  it('exports the caller\'s login history as an .xlsx named in Chinese (RFC 5987)', async () => {
    const { replay, sign } = api.signed({});
    const response = await fetch(`${server.url}/api/auth/login/myLoginLogs/export?${new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]))}`, {
      headers: { token: api.token, sign },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('我的登录记录_林晓雯.xlsx')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '登录时间', '登录方式', 'IP 地址', '设备', '结果', '原因']);
    expect(sheet.getRow(2).getCell(5).value).toBe('成功');
  });

  it('serves the published agreements before sign-in', async () => {
    const answer = await new Api(server.url).get('/api/base/privacyAgreement/published', { kind: 'privacy' });
    expect(answer.body.data.title).toBe('悦家物业 PMS 隐私政策');
    const bad = await new Api(server.url).get('/api/base/privacyAgreement/published', { kind: 'other' });
    expect(bad.http).toBe(400);
  });
});
