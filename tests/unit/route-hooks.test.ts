import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuthorization } from '../../server/engine/access/authorize.ts';
import { tokenOf } from '../../server/engine/access/authenticate.ts';
import { registerErrorHandling } from '../../server/platform/http/errors.ts';

// How the route permission rules (route-guards.test.ts) are applied: the session token's header
// and the authorization hooks on a bare fastify. Kept apart from the rules' own file, which the
// mutation run imports once per mutant.
describe('the session token', () => {
  it('the token comes from `token`, else `authtoken`; empty, "null" and "undefined" are none', () => {
    const of = (headers: Record<string, string | string[]>) => tokenOf({ headers } as unknown as FastifyRequest);
    expect(of({ token: 'abc' })).toBe('abc');
    expect(of({ token: 'abc', authtoken: 'def' })).toBe('abc');
    expect(of({ authtoken: 'def' })).toBe('def');
    expect(of({ token: '', authtoken: 'def' })).toBe('def');
    expect(of({ token: ['a', 'b'], authtoken: 'def' })).toBe('def');
    expect(of({ authtoken: ['a'] })).toBeUndefined();
    expect(of({ token: 'null' })).toBeUndefined();
    expect(of({ token: 'undefined' })).toBeUndefined();
    expect(of({ authtoken: '' })).toBeUndefined();
    expect(of({})).toBeUndefined();
  });
});

// The hooks that apply the rules, on a bare fastify: the caller's buttons come from a header
// here (authentication is not under test), the catalogue names two codes.
describe('the authorization hooks', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.decorate('catalogue', { buttons: new Map([['workorder:add', { code: 'workorder:add', name: '新增工单' }], ['workorder:view', { code: 'workorder:view', name: '查看工单' }]]) } as never);
    app.decorateRequest('staff', null);
    registerErrorHandling(app);
    app.addHook('onRequest', async (request) => {
      const held = request.headers['x-buttons'];
      if (typeof held === 'string') request.staff = { buttons: new Set(held.split(',')) } as never;
    });
    registerAuthorization(app);
    app.post('/add', { config: { btnCode: ['workorder:add'] }, schema: { body: { type: 'object', required: ['n'] } } }, async () => ({ ok: 1 }));
    app.get('/open', { config: { anyStaff: true } }, async () => ({ ok: 1 }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses a route declaring nothing or an unknown code at registration', async () => {
    const other = Fastify();
    other.decorate('catalogue', { buttons: new Map() } as never);
    registerAuthorization(other);
    expect(() => other.get('/bare', async () => 1)).toThrow('GET /bare: declare config.btnCode, config.anyStaff or config.public');
    expect(() => other.get('/unknown', { config: { btnCode: 'a:b' } }, async () => 1)).toThrow('GET /unknown: btnCode "a:b" is not in the permission catalogue');
    await other.close();
  });
  it('answers 403 with the permission named before looking at the input', async () => {
    const refused = await app.inject({ method: 'POST', url: '/add', headers: { 'x-buttons': 'workorder:view' }, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('没有权限执行该操作（需要「新增工单」权限）');
    const invalid = await app.inject({ method: 'POST', url: '/add', headers: { 'x-buttons': 'workorder:add' }, payload: {} });
    expect(invalid.statusCode).toBe(400);
    const done = await app.inject({ method: 'POST', url: '/add', headers: { 'x-buttons': 'workorder:view,workorder:add' }, payload: { n: 1 } });
    expect(done.statusCode).toBe(200);
  });
  it('lets any caller through a route without codes', async () => {
    expect((await app.inject({ method: 'GET', url: '/open', headers: { 'x-buttons': '' } })).statusCode).toBe(200);
  });
});
