import { describe, expect, it } from 'vitest';
import { serverSign } from '../../server/platform/http/signature.ts';
import { deriveSecret, sign, SIGNATURE_WINDOW_MS, signingText } from '../../src/shared/signature.ts';

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

// The spec's steps written out by hand, not by the helper: a test that compared the helper with
// itself would pass whatever the helper did (issue 43).
describe('the signature of spec 5, step by step', () => {
  it('derives the secret as the seed reversed, then its characters sorted', () => {
    expect(deriveSecret('cab')).toBe('abc');
    expect(deriveSecret('pms2026')).toBe('0226mps');
  });
  it('writes each parameter name=value& in ascending order of names, missing values empty, objects as JSON, then key=', () => {
    expect(signingText({ b: 2, a: 1, c: null, d: undefined, e: { x: 1 }, f: [1, '二'] }, 'K')).toBe('a=1&b=2&c=&d=&e={"x":1}&f=[1,"二"]&key=K');
    expect(signingText({ a: 2, B: 1, _x: 3 }, 'K')).toBe('B=1&_x=3&a=2&key=K');
    expect(signingText({}, 'K')).toBe('key=K');
  });
  it('decodes the string form, skips its `_` entries and keeps entries without a value', () => {
    expect(signingText('b=2&_=9&a=%E5%B7%A5+x&flag&&_', 'K')).toBe('a=工 x&b=2&flag=&key=K');
    // A name given twice keeps its values in the order sent.
    expect(signingText('b=1&a=2&a=1&a=3', 'K')).toBe('a=2&a=1&a=3&b=1&key=K');
  });
  it('accepts timestamps within five minutes of the server clock', () => {
    expect(SIGNATURE_WINDOW_MS).toBe(300_000);
  });
  it('hashes with MD5 to lower-case hex', () => {
    // printf 'a=1&b=2&key=xyz' | md5sum
    expect(sign({ b: 2, a: 1 }, 'xyz')).toBe('c9fd38779efe3f31911fa31cc62d63bb');
    expect(serverSign({ b: 2, a: 1 }, 'xyz')).toBe('c9fd38779efe3f31911fa31cc62d63bb');
  });
});
