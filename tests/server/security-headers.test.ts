import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.ts';
import { contentSecurityPolicy, registerSecurityHeaders } from '../../server/platform/http/securityHeaders.ts';
import { collectAnswers, missingHeaders, unsafeScript, type Answer } from '../support/securityHeaders.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let answers: Answer[];

beforeAll(async () => {
  server = await startServer();
  answers = await collectAnswers(server);
});
afterAll(() => server?.close());

describe('security headers (issue 10)', () => {
  it('every kind of answer carries nosniff, no-referrer, no framing and a policy without eval or inline script', () => {
    expect(answers.map((a) => a.what)).toContain('SSO sign-in page');
    expect(answers.filter((a) => missingHeaders(a).length).map((a) => `${a.what}: ${missingHeaders(a).join(', ')}`)).toEqual([]);
    expect(answers.filter((a) => unsafeScript(a).length).map((a) => `${a.what}: ${unsafeScript(a).join(' ')}`)).toEqual([]);
    // Plain http: a browser ignores HSTS there, and it must not pin a host that has no certificate.
    expect(answers.filter((a) => a.headers.has('strict-transport-security'))).toEqual([]);
  });

  it('the answers are what they should be, so the headers were looked at on real pages', () => {
    const status = Object.fromEntries(answers.map((a) => [a.what, a.status]));
    expect(status).toMatchObject({ 'app page': 200, 'app script': 200, 'API answer': 200, 'API export': 200, 'API refusal (no session)': 401, 'stored file (inline image)': 200, 'file download': 200, 'SSO sign-in page': 200, 'SSO failed sign-in page': 200, 'SSO logout page': 200 });
    expect(status['SSO authorization redirect']).toBeGreaterThanOrEqual(300);
  });

  it('stored files keep their own sandbox policy instead of the app\'s', () => {
    const file = answers.find((a) => a.what === 'stored file (inline image)')!;
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });

  it('the policy names exactly the configured outside origins: the OA script, the services, the external broker, the dev server', () => {
    const csp = contentSecurityPolicy(
      loadConfig({
        NODE_ENV: 'test',
        PMS_PUBLIC_URL: 'http://pms.example.com',
        PMS_OA_SCRIPT_URL: 'https://oa.example.com/static/helper.js',
        PMS_SERVICE_URLS: '{"patrol":"https://patrol.example.com/api","auth":"/api/auth"}',
        PMS_MQTT_URL: 'wss://user:secret@mqtt.example.com/mqtt',
        PMS_SSO_REDIRECT_URIS: 'http://localhost:5173/yslogin',
      }),
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://oa.example.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://patrol.example.com', 'wss://mqtt.example.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://patrol.example.com']);
    expect(csp['form-action']).toEqual(["'self'", 'http://pms.example.com', 'http://localhost:5173']);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    // A data: script could only be allowed with every other data: script: it is left to fail (the page works without it).
    expect(contentSecurityPolicy(loadConfig({ NODE_ENV: 'test', PMS_OA_SCRIPT_URL: 'data:text/javascript,alert(1)' }))['script-src']).toEqual(["'self'"]);
  });

  it('over https: HSTS and upgrade-insecure-requests', async () => {
    const app = Fastify();
    app.decorate('config', loadConfig({ NODE_ENV: 'test', PMS_PUBLIC_URL: 'https://pms.example.com' }));
    await registerSecurityHeaders(app);
    app.get('/', async () => 'ok');
    const response = await app.inject('/');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    await app.close();
  });
});
