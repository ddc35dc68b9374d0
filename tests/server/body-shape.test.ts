import { describe, expect, it } from 'vitest';
import { setUpServer } from '../support/setup.ts';
import { signedIn } from '../support/api.ts';
import { JSON_LIMITS, JSON_SHAPE_REFUSED, jsonShapeProblem } from '../../server/platform/http/jsonLimits.ts';

// Issue 40 finding 7: a 40 KB body 20,000 arrays deep answered 500 (RangeError in the signature's
// JSON handling), anonymously. The shape is now checked on the text, before anything reads it.
const server = setUpServer();

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const HOSTILE: Record<string, string> = {
  'deep arrays': nested(20_000),
  'deep objects': `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  'one level too deep': `{"a":${nested(JSON_LIMITS.depth)}}`,
  'a long member name': `{"${'k'.repeat(JSON_LIMITS.keyLength + 1)}":1}`,
  'many members': `{${Array.from({ length: JSON_LIMITS.keys + 1 }, (_, i) => `"k${i}":1`).join(',')}}`,
  'many members overall': `[${Array.from({ length: 25 }, (_, j) => `{${Array.from({ length: 900 }, (_, i) => `"k${i}":${j}`).join(',')}}`).join(',')}]`,
};

describe('JSON body shape limits (issue 40, finding 7)', () => {
  it('finds each limit on the text, without recursion, and passes ordinary bodies', () => {
    for (const [what, text] of Object.entries(HOSTILE)) expect(jsonShapeProblem(text), what).not.toBeNull();
    expect(jsonShapeProblem(`{"a":${nested(JSON_LIMITS.depth - 1)}}`)).toBeNull();
    expect(jsonShapeProblem('{"filters":{"status":["a","b"],"name":"[{\\"x\\":"},"pageSize":20}')).toBeNull();
    expect(jsonShapeProblem(`{"text":"${'{'.repeat(100)}"}`)).toBeNull();
  });

  it('answers every hostile shape 400 with a Chinese message, unsigned, anonymously on a login route and with a session elsewhere', async () => {
    const admin = await signedIn(server.url, 'admin');
    for (const [path, token] of [['/api/auth/login/userlogin', ''], ['/api/base/crmStaff/list', admin.token]] as const) {
      for (const [what, text] of Object.entries(HOSTILE)) {
        // A signature header (any: checking it means reading the body, which is where the 500 came from) and the replay fields.
        const query = `timestamp=${Date.now()}&nonce=${Math.random().toString(36).slice(2)}`;
        const response = await fetch(`${server.url}${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json', token, sign: '0'.repeat(32) }, body: text });
        const body = await response.json();
        expect([what, response.status, body.message]).toEqual([what, 400, JSON_SHAPE_REFUSED]);
      }
    }
  });
});
