import { describe, expect, it } from 'vitest';
import vectors from '../vectors/signature.json';
import { deriveSecret, sign, signingText } from '../../src/shared/signature.ts';
import { compressionQuality, toUploadResult } from '../../src/core/upload.ts';
import { fileNameFromDisposition } from '../../src/core/download.ts';
import { compact, compactForm } from '../../src/core/request.ts';
import { formatDuration, formatTime } from '../../src/shared/format.ts';
import { encrypt, decrypt } from '../../src/core/cipher.ts';
import { pkceChallenge } from '../../src/core/sso.ts';

describe('signature (the module the browser runs)', () => {
  it('matches every shared vector, text and digest', () => {
    const secret = deriveSecret(vectors.seed);
    for (const c of vectors.cases) {
      expect(signingText(c.params as never, secret), c.name).toBe(c.text);
      expect(sign(c.params as never, secret), c.name).toBe(c.sign);
    }
  });
});

describe('request parameters (spec 5)', () => {
  it('drops null and undefined; the form variant also trims and drops empty strings', () => {
    expect(compact({ a: 1, b: null, c: undefined, d: '', e: 0 })).toEqual({ a: 1, d: '', e: 0 });
    expect(compactForm({ a: '  x ', b: '   ', c: null, d: 0, e: [1] })).toEqual({ a: 'x', d: '0', e: '[1]' });
  });
});

describe('uploads (spec 3, 9)', () => {
  it('compresses by the size tiers', () => {
    const kb = 1024;
    expect(compressionQuality(3000 * kb)).toBe(0.5);
    expect(compressionQuality(2049 * kb)).toBe(0.5);
    expect(compressionQuality(2048 * kb)).toBe(0.6);
    expect(compressionQuality(1025 * kb)).toBe(0.6);
    expect(compressionQuality(1024 * kb)).toBe(0.7);
    expect(compressionQuality(501 * kb)).toBe(0.7);
    expect(compressionQuality(500 * kb)).toBeNull();
  });

  it('converts the raw answer to result, msg and fileInfo', () => {
    const data = { cdnUrl: '/files/202611/a.jpg', fileSize: 10, fileSampleName: '照片.jpg', fileFullName: '202611/a.jpg' };
    expect(toUploadResult({ status: '200', message: '上传成功', data })).toEqual({
      result: 1,
      msg: '上传成功',
      fileInfo: { resPath: '/files/202611/a.jpg', fsize: 10, fName: '照片.jpg', fileName: '202611/a.jpg', fid: '202611/a.jpg' },
    });
    expect(toUploadResult({ status: 413, message: '文件过大' })).toEqual({ result: 500, msg: '文件过大', fileInfo: null });
  });
});

describe('downloads', () => {
  it('reads RFC 5987 names first, then plain names', () => {
    expect(fileNameFromDisposition(`attachment; filename="??.xlsx"; filename*=UTF-8''${encodeURIComponent('工单报表.xlsx')}`)).toBe('工单报表.xlsx');
    expect(fileNameFromDisposition('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameFromDisposition(null, '默认.xlsx')).toBe('默认.xlsx');
  });
});

describe('formats (spec 9)', () => {
  it('reads a 10-digit timestamp as seconds', () => {
    const ms = new Date(2026, 10, 22, 9, 5, 7).getTime();
    expect(formatTime(ms)).toBe('2026-11-22 09:05:07');
    expect(formatTime(Math.floor(ms / 1000))).toBe('2026-11-22 09:05:07');
    expect(formatTime(String(Math.floor(ms / 1000)))).toBe('2026-11-22 09:05:07');
  });

  it('writes durations in 小时 and 分钟', () => {
    expect(formatDuration(135)).toBe('2小时15分钟');
    expect(formatDuration(120)).toBe('2小时');
    expect(formatDuration(45)).toBe('45分钟');
  });
});

describe('encryption helper (spec 7.6)', () => {
  it('round-trips text and JSON with a fixed key in ECB mode with zero padding', () => {
    const key = 'pmsdemokey202611';
    const sealed = encrypt({ agentNum: '8001', tenantId: 't-1' }, key);
    expect(sealed).toBe(encrypt({ agentNum: '8001', tenantId: 't-1' }, key));
    expect(decrypt(sealed, key)).toEqual({ agentNum: '8001', tenantId: 't-1' });
    expect(decrypt(encrypt('13800138000', key), key)).toBe(13800138000);
    expect(decrypt(encrypt('坐席 8001', key), key)).toBe('坐席 8001');
  });
});

describe('PKCE', () => {
  it('matches the RFC 7636 appendix B example', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
