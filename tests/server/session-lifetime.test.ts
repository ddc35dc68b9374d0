import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { setUpServer } from '../support/setup.ts';

// Issue 43 item 9: the absolute session lifetime over HTTP (spec 8: token_code -1 once the session
// ran out). A session kept busy well inside its idle window still ends at PMS_SESSION_MAX_SECONDS
// after sign-in; before that moment every call is answered.
const server = setUpServer({ PMS_SESSION_MAX_SECONDS: '3', PMS_SESSION_IDLE_SECONDS: '600' });
const ME = '/api/auth/login/findUserInfo';

describe('absolute session lifetime over HTTP', () => {
  it('answers a busy session until its lifetime is over, then ends it with token_code -1', async () => {
    const signedInAt = Date.now();
    const kefu = await signedIn(server.url, 'kefu');
    const session = await server.app.db.selectFrom('session').select(['created_at', 'expires_at']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session.expires_at - session.created_at).toBe(3000);

    // Busy all along: each call well inside the 600 s idle window, until one is refused.
    let answer = await kefu.get(ME);
    const answered: number[] = [];
    while (answer.http === 200) {
      answered.push(Date.now());
      expect(Date.now() - signedInAt).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await kefu.get(ME);
    }
    const refusedAt = Date.now();
    expect(answered.length).toBeGreaterThan(1);
    // Answered right up to the lifetime, refused from it on: never before.
    expect(refusedAt).toBeGreaterThanOrEqual(session.expires_at);
    expect(answered.every((t) => t < session.expires_at + 50)).toBe(true);
    expect(answer.http).toBe(401);
    expect(answer.headers.get('token_code')).toBe('-1');
    // A fresh sign-in works at once: the account is not locked, only the session ended.
    expect((await (await signedIn(server.url, 'kefu')).get(ME)).http).toBe(200);
  });
});
