import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { recordLogin } from '../../platform/auth/loginLog.ts';
import { ApiError, ok } from '../../platform/http/envelope.ts';
import { tokenOf } from '../../engine/access/authenticate.ts';
import { sendExcel } from '../../platform/http/excel.ts';
import { formatTime } from '../../../src/shared/format.ts';
import { menusOf, roleIdsOf, type MenuGrant } from '../../engine/access/permissions.ts';
import { inNetworks } from '../../platform/auth/networks.ts';
import { consoleRedirectUris } from '../../platform/consoleOrigins.ts';
import ownerSms from './ownerSms.ts';
import { userSignature } from './userSignature.ts';
import { initialsOf } from './initials.ts';
import { DIGEST_PATTERN, passwordDigest } from '../../../src/shared/password.ts';

/** The login result of spec section 3. */
export interface LoginResult {
  staffName: string;
  authToken: string;
  staffId: number;
  mobileNumber: string;
  icon: string | null;
  businessAccountDomain: string;
  userAccount: string;
  /** The company (root organisation) the staff member belongs to; null when their organisation has none. */
  companyId: number | null;
  /** A signature of the user (HMAC of id and account) that other services can check without a call. */
  userSig: string;
  postInfo: { postId: number; postName: string; orgId: number; orgName: string }[];
}

const LOGIN_FAILED = '账号或密码错误';
/** The job-number login's limits (issue 40): failures per job number, attempts per address, in 15 minutes. */
const JOB_NUMBER_WINDOW_MS = 15 * 60_000;
const JOB_NUMBER_FAILURES_PER_ACCOUNT = 5;
const JOB_NUMBER_ATTEMPTS_PER_ADDRESS = 10;
const digest = { type: 'string', pattern: DIGEST_PATTERN } as const;
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const body = (properties: Record<string, object>, required = Object.keys(properties)) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

interface StaffRow {
  id: number;
  name: string;
  account: string;
  password_hash: string;
  enabled: number;
}

/** Spec 7.4 login calls: every attempt is rate limited per IP and recorded for the login log. */
export default async function authService(app: FastifyInstance) {
  await app.register(ownerSms);
  const loginRoute = (schema: object) => ({
    // The answer is the caller's own sign-in result (their own mobile).
    config: { public: true, personal: 'own' as const, rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
    schema,
  });

  const record = (request: FastifyRequest, method: string, account: string, staff: Pick<StaffRow, 'id' | 'name'> | undefined, reason: string | null) =>
    recordLogin(app.db, request, { method, account, staff, reason });

  async function loginResult(staffId: number, token: string): Promise<LoginResult> {
    const staff = await app.db.selectFrom('staff').selectAll().where('id', '=', staffId).executeTakeFirstOrThrow();
    const posts = await app.db
      .selectFrom('staff_post')
      .innerJoin('post', 'post.id', 'staff_post.post_id')
      .innerJoin('org', 'org.id', 'post.org_id')
      .select(['post.id as postId', 'post.name as postName', 'org.id as orgId', 'org.name as orgName'])
      .where('staff_post.staff_id', '=', staffId)
      .execute();
    return {
      staffName: staff.name,
      authToken: token,
      staffId: staff.id,
      mobileNumber: staff.mobile,
      icon: staff.icon,
      businessAccountDomain: staff.business_account_domain,
      userAccount: staff.account,
      companyId: await companyOf(staff.org_id),
      userSig: userSignature(app.config.signSeed, staff.id, staff.account),
      postInfo: posts,
    };
  }

  /** Walks up from an organisation to its company (the org tree is company → region → project, so a few steps). */
  async function companyOf(orgId: number | null): Promise<number | null> {
    for (let id = orgId, depth = 0; id !== null && depth < 16; depth++) {
      const org = await app.db.selectFrom('org').select(['id', 'parent_id', 'type']).where('id', '=', id).executeTakeFirst();
      if (!org) return null;
      if (org.type === 'company') return org.id;
      id = org.parent_id;
    }
    return null;
  }

  /** Marked as a service-line account and holding no administrator role (roles may have changed since it was marked). */
  async function isServiceLineAccount(staffId: number): Promise<boolean> {
    const staff = await app.db.selectFrom('staff').select('service_line_account').where('id', '=', staffId).executeTakeFirst();
    if (staff?.service_line_account !== 1) return false;
    const roleIds = await roleIdsOf(app.db, staffId);
    const admin = roleIds.length ? await app.db.selectFrom('role').select('id').where('id', 'in', roleIds).where('code', '=', 'admin').executeTakeFirst() : undefined;
    return !admin;
  }

  const findStaff = (column: 'account' | 'job_number', value: string) =>
    app.db.selectFrom('staff').select(['id', 'name', 'account', 'password_hash', 'enabled', 'mobile']).where(column, '=', value.trim()).executeTakeFirst();

  /** Refuses (recorded) or opens a session (recorded) for a staff member whose credentials were checked. */
  async function finish(request: FastifyRequest, method: string, account: string, staff: StaffRow | undefined, refusal: string | null) {
    if (!staff || refusal) {
      await record(request, method, account, staff, refusal ?? LOGIN_FAILED);
      throw new ApiError(400, refusal ?? LOGIN_FAILED);
    }
    if (!staff.enabled) {
      await record(request, method, account, staff, '账号已停用');
      throw new ApiError(403, '账号已停用，请联系管理员');
    }
    const token = await app.sessions.create(staff.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
    await record(request, method, account, staff, null);
    return ok(await loginResult(staff.id, token));
  }

  /** Checks a password digest against an account, spending the same time when the account does not exist. */
  async function checkPassword(account: string, passwordHash: string) {
    const staff = await findStaff('account', account);
    const valid = await verifyPassword(passwordHash, staff?.password_hash ?? DUMMY_HASH);
    return { staff, refusal: staff && valid ? null : LOGIN_FAILED };
  }

  app.post('/login/userlogin', loginRoute({ body: body({ account: text(64), password: digest }) }), async (request) => {
    const { account, password } = request.body as { account: string; password: string };
    const { staff, refusal } = await checkPassword(account, password);
    return finish(request, 'password', account, staff, refusal);
  });

  /** Spec 4 `authkey`: base64 of {"username","password"} with the password already digested. */
  app.post('/login/internalLogin', loginRoute({ body: body({ authkey: text(1024) }) }), async (request) => {
    const { authkey } = request.body as { authkey: string };
    let decoded: { username?: unknown; password?: unknown };
    try {
      decoded = JSON.parse(Buffer.from(authkey, 'base64').toString('utf8'));
    } catch {
      decoded = {};
    }
    const account = typeof decoded.username === 'string' ? decoded.username.slice(0, 64) : '';
    if (!account || typeof decoded.password !== 'string' || !new RegExp(DIGEST_PATTERN).test(decoded.password)) {
      await record(request, 'authkey', account || '(无效的 authkey)', undefined, 'authkey 格式不正确');
      throw new ApiError(400, '登录参数不正确');
    }
    const { staff, refusal } = await checkPassword(account, decoded.password);
    return finish(request, 'authkey', account, staff, refusal);
  });

  /** Spec 4 `userAccount` + `loginPhone`: the job number and the phone number on file must match. */
  app.post('/login/jobNumberLogin', loginRoute({ body: body({ userAccount: text(32), loginPhone: { type: 'string', pattern: '^1\\d{10}$' } }) }), async (request) => {
    const { userAccount, loginPhone } = request.body as { userAccount: string; loginPhone: string };
    if (!app.config.jobNumberLogin) {
      await record(request, 'jobNumber', userAccount, undefined, '工号登录未开启');
      throw new ApiError(403, '工号登录未开启');
    }
    const since = Date.now() - JOB_NUMBER_WINDOW_MS;
    const attempts = (column: 'account' | 'ip', value: string, failedOnly: boolean) => {
      let q = app.db.selectFrom('login_log').select((eb) => eb.fn.countAll<number>().as('n')).where('method', '=', 'jobNumber').where('at', '>=', since).where(column, '=', value);
      if (failedOnly) q = q.where('success', '=', 0);
      return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
    };
    // Limited per job number (failures) and per address (every attempt), from the login log itself.
    if ((await attempts('account', userAccount.trim(), true)) >= JOB_NUMBER_FAILURES_PER_ACCOUNT) {
      await record(request, 'jobNumber', userAccount, undefined, '该工号失败次数过多，已暂停');
      throw new ApiError(429, '该工号登录失败次数过多，请 15 分钟后再试');
    }
    if ((await attempts('ip', request.ip, false)) >= JOB_NUMBER_ATTEMPTS_PER_ADDRESS) {
      await record(request, 'jobNumber', userAccount, undefined, '该地址尝试次数过多，已暂停');
      throw new ApiError(429, '工号登录尝试过于频繁，请 15 分钟后再试');
    }
    const staff = await findStaff('job_number', userAccount);
    request.log.warn({ jobNumber: userAccount, ip: request.ip }, 'job-number login used');
    return finish(request, 'jobNumber', userAccount, staff, staff && staff.mobile === loginPhone ? null : '工号或手机号不正确');
  });

  /** Spec 4 `flag`: a service-line account with the configured fixed SMS code and an empty password. */
  app.post(
    '/login/smsCodeLogin',
    loginRoute({ body: body({ account: text(64), smsCode: text(8), password: { type: 'string', maxLength: 0 } }, ['account', 'smsCode']) }),
    async (request) => {
      const { account, smsCode } = request.body as { account: string; smsCode: string };
      const { enabled, smsCode: fixed } = app.config.flagLogin;
      if (!enabled) {
        await record(request, 'flag', account, undefined, '短信验证码登录未开启');
        throw new ApiError(403, '短信验证码登录未开启');
      }
      const { networks } = app.config.flagLogin;
      if (networks.length && !inNetworks(request.ip, networks)) {
        await record(request, 'flag', account, undefined, '不在允许的网络内');
        throw new ApiError(403, '当前网络不允许短信验证码登录');
      }
      const staff = await findStaff('account', account);
      request.log.warn({ account, ip: request.ip }, 'flag login used');
      if (staff && smsCode === fixed && !(await isServiceLineAccount(staff.id))) {
        // The code is public (the browser needs it): only accounts an administrator marked, never an administrator (issue 40).
        return finish(request, 'flag', account, staff, '该账号不是服务条线账号，不能使用短信验证码登录');
      }
      return finish(request, 'flag', account, staff, staff && smsCode === fixed ? null : '验证码不正确');
    },
  );

  /** Single sign-on: exchange the provider's code (with PKCE) and map the subject to a staff account. */
  app.get(
    '/login/idmLogin',
    loginRoute({
      querystring: body(
        { code: text(512), state: text(256), iss: text(512), codeVerifier: { type: 'string', minLength: 43, maxLength: 128 }, redirectUri: text(512) },
        ['code', 'state', 'codeVerifier', 'redirectUri'],
      ),
    }),
    async (request) => {
      const q = request.query as { code: string; state: string; iss?: string; codeVerifier: string; redirectUri: string };
      if (!consoleRedirectUris(app.config).includes(q.redirectUri)) throw new ApiError(400, '回调地址不在允许范围内');
      const callback = new URL(q.redirectUri);
      callback.searchParams.set('code', q.code);
      callback.searchParams.set('state', q.state);
      if (q.iss) callback.searchParams.set('iss', q.iss);
      let claims: Record<string, unknown>;
      try {
        claims = await app.sso.exchange({ callbackUrl: callback.toString(), codeVerifier: q.codeVerifier, state: q.state });
      } catch (error) {
        request.log.warn({ err: error }, 'code exchange failed');
        await record(request, 'sso', '(单点登录)', undefined, '授权码无效或已过期');
        throw new ApiError(400, '单点登录失败，授权码无效或已过期');
      }
      const username = claims[app.config.sso.usernameClaim];
      const account = typeof username === 'string' ? username : String(claims.sub ?? '');
      const staff = await findStaff('account', account);
      if (!staff) {
        await record(request, 'sso', account, undefined, '未开通 PMS 账号');
        throw new ApiError(404, '该账号未开通 PMS 权限');
      }
      return finish(request, 'sso', account, staff, null);
    },
  );

  app.post('/login/logout', { config: { public: true } }, async (request) => {
    const token = tokenOf(request);
    if (token) await app.sessions.revoke(token);
    return ok(null, '已退出登录');
  });

  /** The signed-in user's avatar: a file they uploaded to the file service. */
  app.post('/login/updateIcon', { config: { anyStaff: true }, schema: { body: body({ icon: { type: 'string', pattern: '^/files/\\d{6}/[0-9a-f]{32}\\.(jpg|png|gif|webp)$' } }) } }, async (request) => {
    const { icon } = request.body as { icon: string };
    const file = await app.db.selectFrom('file_object').select(['uploaded_by']).where('stored_path', '=', icon.slice('/files/'.length)).executeTakeFirst();
    if (!file || file.uploaded_by !== request.staff!.id) throw new ApiError(400, '头像文件不存在，请重新上传');
    await app.db.updateTable('staff').set({ icon }).where('id', '=', request.staff!.id).execute();
    return ok({ icon }, '头像已更新');
  });

  /** The caller's own sign-in history as a spreadsheet (newest first, last 500). */
  app.get('/login/myLoginLogs/export', { config: { anyStaff: true } }, async (request, reply) => {
    const rows = await app.db
      .selectFrom('login_log')
      .select(['at', 'method', 'ip', 'user_agent', 'success', 'reason'])
      .where('staff_id', '=', request.staff!.id)
      .orderBy('at', 'desc')
      .limit(500)
      .execute();
    const METHODS: Record<string, string> = { password: '账号密码', sso: '统一身份认证', authkey: '授权码', jobNumber: '工号', flag: '短信验证码' };
    return sendExcel(
      reply,
      `我的登录记录_${request.staff!.name}.xlsx`,
      [
        { header: '登录时间', key: 'at', width: 22 },
        { header: '登录方式', key: 'method', width: 14 },
        { header: 'IP 地址', key: 'ip', width: 18 },
        { header: '设备', key: 'device', width: 60 },
        { header: '结果', key: 'result', width: 10 },
        { header: '原因', key: 'reason', width: 20 },
      ],
      rows.map((r) => ({
        at: formatTime(r.at),
        method: METHODS[r.method] ?? r.method,
        ip: r.ip,
        device: r.user_agent,
        result: r.success ? '成功' : '失败',
        reason: r.reason ?? '',
      })),
    );
  });

  /** Spec 7.4 menu-list call: the caller's menus (type 2: the web console), grouped; result code '200' with a list. */
  app.post(
    '/login/menuList',
    { config: { anyStaff: true }, schema: { body: body({ userId: { type: 'string', maxLength: 20 }, type: { enum: [2, '2'] } }) } },
    async (request) => {
      const { userId } = request.body as { userId: number | string };
      if (String(userId) !== String(request.staff!.id)) throw new ApiError(403, '只能查询本人的菜单');
      const menus = await menusOf(app.db, request.staff!.roleIds);
      // With the pinyin initials of each name, for the console's screen search (initials.ts).
      const groups: { groupPrefix: string; groupName: string; groupInitials: string; items: (MenuGrant & { menuInitials: string })[] }[] = [];
      for (const m of menus) {
        let group = groups.find((g) => g.groupPrefix === m.groupPrefix);
        if (!group) groups.push((group = { groupPrefix: m.groupPrefix, groupName: m.groupName, groupInitials: initialsOf(m.groupName), items: [] }));
        group.items.push({ ...m, menuInitials: initialsOf(m.menuName) });
      }
      return { ...ok(groups), list: groups };
    },
  );

  /** Spec 7.4 button permissions: the caller's buttons on one menu, status '200' with a data list. */
  app.post(
    '/login/buttonPermissions',
    { config: { anyStaff: true }, schema: { body: body({ userId: { type: 'string', maxLength: 20 }, menuId: { type: 'integer', minimum: 1 } }) } },
    async (request) => {
      const { userId, menuId } = request.body as { userId: number | string; menuId: number };
      if (String(userId) !== String(request.staff!.id)) throw new ApiError(403, '只能查询本人的按钮权限');
      if (!request.staff!.roleIds.length) return ok([]);
      const rows = await app.db
        .selectFrom('role_button')
        .innerJoin('menu_button', 'menu_button.id', 'role_button.button_id')
        .select(['menu_button.code as btnCode', 'menu_button.name as btnName'])
        .distinct()
        .where('role_button.role_id', 'in', request.staff!.roleIds)
        .where('menu_button.menu_id', '=', menuId)
        .where('menu_button.retired', '=', 0)
        .execute();
      // A screen's borrowed codes (page `borrows`, granted under their own screen) count here too
      // when the caller holds them: else the screen never shows what it borrowed (预警管理's 超时工单 tab).
      const menu = await app.db.selectFrom('menu').select('router').where('id', '=', menuId).executeTakeFirst();
      const borrows = app.catalogue.pages.find((p) => p.route === menu?.router)?.borrows ?? [];
      for (const code of borrows) {
        if (request.staff!.buttons.has(code) && !rows.some((r) => r.btnCode === code)) rows.push({ btnCode: code, btnName: app.catalogue.buttons.get(code)?.name ?? code });
      }
      return ok(rows);
    },
  );

  app.get('/login/getUserMenus', { config: { anyStaff: true } }, async (request) => ok(await menusOf(app.db, request.staff!.roleIds)));
  app.get('/login/getUserButtons', { config: { anyStaff: true } }, async (request) => ok([...request.staff!.buttons].sort()));

  app.get('/login/findUserInfo', { config: { anyStaff: true, personal: 'own', beforePasswordChange: true } }, async (request) => ok(await loginResult(request.staff!.id, request.staff!.token)));

  /**
   * Sets a new password after checking the old one (a digest) and the new one's strength (in clear).
   * Every session of the account ends except `keepToken`, the one that asked, if any.
   */
  async function changePassword(staffId: number, oldPassword: string, newPassword: string, keepToken: string | null) {
    if (newPassword.length < 8 || !/[A-Za-z]/.test(newPassword) || !/\d/.test(newPassword)) {
      throw new ApiError(400, '新密码至少 8 位，且须同时包含字母和数字');
    }
    const staff = await app.db.selectFrom('staff').select(['password_hash']).where('id', '=', staffId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(oldPassword, staff.password_hash))) throw new ApiError(400, '原密码不正确');
    if (passwordDigest(newPassword) === oldPassword) throw new ApiError(400, '新密码不能与原密码相同');
    const hash = await hashPassword(passwordDigest(newPassword));
    await app.db.transaction().execute(async (trx) => {
      // The initial password (created or reset by an administrator) is gone: the session may do its work.
      await trx.updateTable('staff').set({ password_hash: hash, must_change_password: 0 }).where('id', '=', staffId).execute();
      let sessions = trx.updateTable('session').set({ revoked_at: Date.now() }).where('staff_id', '=', staffId).where('revoked_at', 'is', null);
      if (keepToken) sessions = sessions.where('token_hash', '!=', app.sessions.hashOf(keepToken));
      await sessions.execute();
    });
    return ok(null, '密码修改成功');
  }

  const passwordChange = { oldPassword: digest, newPassword: { type: 'string', minLength: 1, maxLength: 64 } };

  /** Change password, signed in: the other sessions of the account end, this one goes on. */
  app.post(
    '/login/updatePwd',
    {
      config: { anyStaff: true, beforePasswordChange: true, rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
      schema: { body: body(passwordChange) },
    },
    async (request) => {
      const { oldPassword, newPassword } = request.body as { oldPassword: string; newPassword: string };
      return changePassword(request.staff!.id, oldPassword, newPassword, request.staff!.token);
    },
  );

  /**
   * Change password without a session (spec 2.2 lists /alter/password among the routes without
   * login): account, old password and new one; every session of the account ends. Limited like a
   * sign-in, and a wrong account answers exactly as a wrong password does.
   */
  app.post('/login/alterPassword', loginRoute({ body: body({ account: text(64), ...passwordChange }) }), async (request) => {
    const { account, oldPassword, newPassword } = request.body as { account: string; oldPassword: string; newPassword: string };
    const { staff, refusal } = await checkPassword(account, oldPassword);
    if (!staff || refusal) {
      // A guess at the password like any other: the login log shows it beside failed sign-ins.
      await record(request, 'password', account, staff, '修改密码：账号或原密码错误');
      throw new ApiError(400, '账号或原密码错误');
    }
    if (!staff.enabled) throw new ApiError(403, '账号已停用，请联系管理员');
    return changePassword(staff.id, oldPassword, newPassword, null);
  });
}

/** A valid scrypt hash of a random string, used to spend the same time on unknown accounts. */
const DUMMY_HASH = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$3qH6lP4yQk3yqg0p7m3mXzJQkW8m1fGz6gq3b7bS9sI=';
