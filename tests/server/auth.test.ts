import { describe, expect, it } from 'vitest';
import { Api, signedIn } from '../support/api.ts';
import { startServer } from '../support/server.ts';
import { setUpServer } from '../support/setup.ts';
import { passwordDigest } from '../../src/shared/password.ts';
import { DEMO_STAFF } from '../../server/modules/org/public.ts';
import { inNetworks } from '../../server/platform/auth/networks.ts';

const server = setUpServer({ PMS_FLAG_LOGIN: '1', PMS_FLAG_SMS_CODE: '246810', PMS_JOBNUMBER_LOGIN: '1' });

const lastLog = () => server.app.db.selectFrom('login_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('auth service (spec 7.4)', () => {
  it('returns the login result of spec 3 and stores only a hash of the password', async () => {
    const api = new Api(server.url);
    const answer = await api.login('kefu');
    expect(answer.http).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(['authToken', 'businessAccountDomain', 'companyId', 'icon', 'mobileNumber', 'postInfo', 'staffId', 'staffName', 'userAccount', 'userSig'].sort());
    expect(answer.body.data.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await server.app.db.selectFrom('staff').select('password_hash').where('account', '=', 'kefu').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(passwordDigest('Pms@2026'));
  });

  it('refuses a wrong password with one message for unknown accounts and wrong passwords, and logs both', async () => {
    const api = new Api(server.url);
    const wrong = await api.login('admin', 'wrong-password');
    const unknown = await api.login('nobody', 'wrong-password');
    expect(wrong.http).toBe(400);
    expect(wrong.body.message).toBe('账号或密码错误');
    expect(unknown.body.message).toBe('账号或密码错误');
    expect(await lastLog()).toMatchObject({ account: 'nobody', success: 0, method: 'password' });
  });

  it('does not trust the userId header: identity comes from the token', async () => {
    const kefu = await signedIn(server.url, 'kefu');
    const me = await kefu.get('/api/auth/login/findUserInfo', {}, { userId: String(DEMO_STAFF.admin) });
    expect(me.body.data.userAccount).toBe('kefu');
  });

  it('logs in with an authkey and with job number plus phone', async () => {
    const authkey = Buffer.from(JSON.stringify({ username: 'xmjl', password: passwordDigest('Pms@2026') })).toString('base64');
    const byKey = await new Api(server.url).post('/api/auth/login/internalLogin', { authkey });
    expect(byKey.body.data.staffName).toBe('刘海燕');
    const staff = await server.app.db.selectFrom('staff').select(['job_number', 'mobile']).where('account', '=', 'xuncha').executeTakeFirstOrThrow();
    const byJob = await new Api(server.url).post('/api/auth/login/jobNumberLogin', { userAccount: staff.job_number, loginPhone: staff.mobile });
    expect(byJob.body.data.userAccount).toBe('xuncha');
    const wrongPhone = await new Api(server.url).post('/api/auth/login/jobNumberLogin', { userAccount: staff.job_number, loginPhone: '13000000000' });
    expect(wrongPhone.body.message).toBe('工号或手机号不正确');
  });

  it('accepts the flag login only for service-line accounts an administrator marked, never an administrator (issue 40, finding 6)', async () => {
    const flag = (account: string) => new Api(server.url).post('/api/auth/login/smsCodeLogin', { account, smsCode: '246810', password: '' });
    // The code is public (the browser reads it from /runtime-config.json): it opened any account, the administrator's too.
    const asAdmin = await flag('admin');
    expect([asAdmin.http, asAdmin.body.message]).toEqual([400, '该账号不是服务条线账号，不能使用短信验证码登录']);
    expect(await lastLog()).toMatchObject({ method: 'flag', account: 'admin', success: 0 });
    expect((await flag('kefu')).http).toBe(400);

    const admin = await signedIn(server.url, 'admin');
    const kefuId = (await server.app.db.selectFrom('staff').select('id').where('account', '=', 'kefu').executeTakeFirstOrThrow()).id;
    const adminId = (await server.app.db.selectFrom('staff').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
    const onAdmin = await admin.post('/api/base/crmStaff/serviceLine', { id: adminId, serviceLine: 1 });
    expect([onAdmin.http, onAdmin.body.message]).toEqual([400, '管理员账号不能设为服务条线账号']);
    // Only an administrator marks: a role holding the button but not the administrator role is refused.
    const role = await admin.post('/api/base/role/add', { name: '条线设置', code: 'line_setter', data_scope: 'all' });
    await admin.post('/api/base/role/addPermission', { id: role.body.data.id, grants: ['b:staff:view', 'b:staff:serviceLine'] });
    await server.app.db.insertInto('staff_role').values({ staff_id: kefuId, role_id: role.body.data.id }).execute();
    const kefu = await signedIn(server.url, 'kefu');
    const byKefu = await kefu.post('/api/base/crmStaff/serviceLine', { id: kefuId, serviceLine: 1 });
    expect([byKefu.http, byKefu.body.message]).toEqual([403, '只有系统管理员可以设置服务条线账号']);
    await server.app.db.deleteFrom('staff_role').where('staff_id', '=', kefuId).where('role_id', '=', role.body.data.id).execute();
    const diaoduId = (await server.app.db.selectFrom('staff').select('id').where('account', '=', 'diaodu').executeTakeFirstOrThrow()).id;
    expect((await admin.post('/api/base/crmStaff/serviceLine', { id: diaoduId, serviceLine: 1 })).http).toBe(200);

    const ok = await new Api(server.url).post('/api/auth/login/smsCodeLogin', { account: 'diaodu', smsCode: '246810', password: '' });
    expect(ok.http).toBe(200);
    expect(await lastLog()).toMatchObject({ method: 'flag', account: 'diaodu', success: 1 });
    const bad = await new Api(server.url).post('/api/auth/login/smsCodeLogin', { account: 'diaodu', smsCode: '111111', password: '' });
    expect(bad.body.message).toBe('验证码不正确');
  });

  it('ends a revoked session: token_code -2, and an expired one: token_code -1', async () => {
    const api = await signedIn(server.url, 'weixiu');
    await api.post('/api/auth/login/logout');
    const revoked = await api.get('/api/auth/login/findUserInfo');
    expect(revoked.http).toBe(401);
    expect(revoked.headers.get('token_code')).toBe('-2');
    expect(revoked.body.message).toBe('当前账号已过期，请重新登录！');

    const other = await signedIn(server.url, 'weixiu');
    await server.app.db.updateTable('session').set({ last_seen_at: Date.now() - 3 * 3600_000 }).where('revoked_at', 'is', null).where('staff_id', '=', revoked.body.data?.staffId ?? 4).execute();
    const expired = await other.get('/api/auth/login/findUserInfo');
    expect(expired.headers.get('token_code')).toBe('-1');
  });

  it('changes a password: checks the old one and the strength of the new, ends other sessions', async () => {
    const first = await signedIn(server.url, 'xmjl');
    const second = await signedIn(server.url, 'xmjl');
    const weak = await first.post('/api/auth/login/updatePwd', { oldPassword: passwordDigest('Pms@2026'), newPassword: 'short' });
    expect(weak.body.message).toBe('新密码至少 8 位，且须同时包含字母和数字');
    const wrongOld = await first.post('/api/auth/login/updatePwd', { oldPassword: passwordDigest('nope'), newPassword: 'NewPass2026' });
    expect(wrongOld.body.message).toBe('原密码不正确');
    const done = await first.post('/api/auth/login/updatePwd', { oldPassword: passwordDigest('Pms@2026'), newPassword: 'NewPass2026' });
    expect(done.body.message).toBe('密码修改成功');
    expect((await first.get('/api/auth/login/findUserInfo')).http).toBe(200);
    expect((await second.get('/api/auth/login/findUserInfo')).http).toBe(401);
    expect((await new Api(server.url).login('xmjl', 'NewPass2026')).http).toBe(200);
  });

  it('changes a password without a session (spec 2.2 /alter/password): account and old password, every session ends', async () => {
    const session = await signedIn(server.url, 'diaodu');
    const anonymous = new Api(server.url);
    const before = await server.app.db.selectFrom('staff').select('password_hash').where('account', '=', 'diaodu').executeTakeFirstOrThrow();
    const wrongOld = await anonymous.post('/api/auth/login/alterPassword', { account: 'diaodu', oldPassword: passwordDigest('nope'), newPassword: 'NewPass2026' });
    const noAccount = await anonymous.post('/api/auth/login/alterPassword', { account: 'nobody', oldPassword: passwordDigest('Pms@2026'), newPassword: 'NewPass2026' });
    // An unknown account answers exactly as a wrong password does.
    expect([wrongOld.http, wrongOld.body.message, noAccount.http, noAccount.body.message]).toEqual([400, '账号或原密码错误', 400, '账号或原密码错误']);
    const weak = await anonymous.post('/api/auth/login/alterPassword', { account: 'diaodu', oldPassword: passwordDigest('Pms@2026'), newPassword: 'short' });
    expect(weak.body.message).toBe('新密码至少 8 位，且须同时包含字母和数字');
    expect(await server.app.db.selectFrom('staff').select('password_hash').where('account', '=', 'diaodu').executeTakeFirstOrThrow()).toEqual(before);
    const done = await anonymous.post('/api/auth/login/alterPassword', { account: 'diaodu', oldPassword: passwordDigest('Pms@2026'), newPassword: 'NewPass2026' });
    expect([done.http, done.body.message]).toEqual([200, '密码修改成功']);
    expect((await session.get('/api/auth/login/findUserInfo')).http).toBe(401);
    expect((await new Api(server.url).login('diaodu', 'NewPass2026')).http).toBe(200);
    const log = await server.app.db.selectFrom('login_log').select(['method', 'success', 'reason']).where('account', '=', 'diaodu').where('success', '=', 0).execute();
    expect(log).toContainEqual({ method: 'password', success: 0, reason: '修改密码：账号或原密码错误' });
  });

});

describe('sign-in rate limit', () => {
  it('refuses attempts past the limit per IP with a Chinese message', async () => {
    const limited = await startServer({ PMS_LOGIN_RATE_LIMIT: '5' });
    try {
      const api = new Api(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await api.login('admin', `guess-${i}`)).http);
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect((await api.login('admin')).body.message).toBe('操作过于频繁，请稍后再试');
    } finally {
      await limited.close();
    }
  });
});

describe('flag login networks (issue 40, finding 6)', () => {
  it('matches IPv4 addresses and networks, mapped IPv6 too, nothing else', () => {
    expect(inNetworks('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(inNetworks('::ffff:192.168.1.20', ['192.168.1.0/24'])).toBe(true);
    expect(inNetworks('192.168.2.20', ['192.168.1.0/24', '172.16.0.1'])).toBe(false);
    expect(inNetworks('172.16.0.1', ['172.16.0.1'])).toBe(true);
    expect(inNetworks('::1', ['0.0.0.0/0'])).toBe(false);
  });
});
