import { describe, expect, it } from 'vitest';
import { serverSign } from '../../server/platform/http/signature.ts';
import { deriveSecret, sign } from '../../src/shared/signature.ts';

// The server checks signatures with Node's MD5, the browser makes them with the shared helper's:
// both must hash the same text to the same digest, Chinese, emoji and escapes included.
describe('the server signs as the shared helper does', () => {
  const secret = deriveSecret('pms-seed-2026');
  const cases: (Record<string, unknown> | string)[] = [
    {},
    { timestamp: 1780000000000, nonce: 'a1b2', pageNo: 1, pageSize: 20 },
    { title: '翠湖天地 3 栋漏水😀', remark: '', tags: ['紧急', 'a&b=c'], nested: { x: null } },
    'pageNo=1&_=123&name=%E5%B7%A5%E5%8D%95&q=a+b',
    { text: '\u0000\uFFFD\t\r\n%+' },
  ];
  it.each(cases.map((c, i) => [i, c]))('case %i', (_i, params) => {
    expect(serverSign(params, secret)).toBe(sign(params, secret));
  });
  it('differs when one character differs', () => {
    expect(serverSign({ a: '工单' }, secret)).not.toBe(sign({ a: '工单 ' }, secret));
  });
});
