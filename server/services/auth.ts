import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth/password.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { tokenOf } from '../http/authenticate.ts';

/** The login result of spec section 3. */
export interface LoginResult {
  staffName: string;
  authToken: string;
  staffId: number;
  mobileNumber: string;
  icon: string | null;
  businessAccountDomain: string;
  userAccount: string;
  postInfo: { postId: number; postName: string; orgId: number; orgName: string }[];
}

const LOGIN_FAILED = '账号或密码错误';

export default async function authService(app: FastifyInstance) {
  async function recordAttempt(request: FastifyRequest, entry: { account: string; staffId: number | null; name: string | null; method: string; success: boolean; reason: string | null }) {
    await app.db
      .insertInto('login_log')
      .values({
        at: Date.now(),
        account: entry.account.slice(0, 64),
        staff_id: entry.staffId,
        staff_name: entry.name,
        method: entry.method,
        ip: request.ip,
        user_agent: (request.headers['user-agent'] ?? '').slice(0, 300),
        success: entry.success ? 1 : 0,
        reason: entry.reason,
      })
      .execute();
  }

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
      postInfo: posts,
    };
  }

  app.post(
    '/login/userlogin',
    {
      config: { public: true },
      schema: {
        body: {
          type: 'object',
          required: ['account', 'password'],
          additionalProperties: false,
          properties: {
            account: { type: 'string', minLength: 1, maxLength: 64 },
            password: { type: 'string', minLength: 1, maxLength: 128 },
          },
        },
      },
    },
    async (request) => {
      const { account, password } = request.body as { account: string; password: string };
      const staff = await app.db.selectFrom('staff').select(['id', 'name', 'password_hash', 'enabled']).where('account', '=', account.trim()).executeTakeFirst();
      // Verify against a real hash even for an unknown account, so timing does not reveal which accounts exist.
      const valid = await verifyPassword(password, staff?.password_hash ?? DUMMY_HASH);
      if (!staff || !valid) {
        await recordAttempt(request, { account, staffId: staff?.id ?? null, name: staff?.name ?? null, method: 'password', success: false, reason: LOGIN_FAILED });
        throw new ApiError(400, LOGIN_FAILED);
      }
      if (!staff.enabled) {
        await recordAttempt(request, { account, staffId: staff.id, name: staff.name, method: 'password', success: false, reason: '账号已停用' });
        throw new ApiError(403, '账号已停用，请联系管理员');
      }
      const token = await app.sessions.create(staff.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      await recordAttempt(request, { account, staffId: staff.id, name: staff.name, method: 'password', success: true, reason: null });
      return ok(await loginResult(staff.id, token));
    },
  );

  app.post('/login/logout', { config: { public: true } }, async (request) => {
    const token = tokenOf(request);
    if (token) await app.sessions.revoke(token);
    return ok(null, '已退出登录');
  });

  app.get('/login/findUserInfo', async (request) => ok(await loginResult(request.staff!.id, request.staff!.token)));
}

/** A valid scrypt hash of a random string, used to spend the same time on unknown accounts. */
const DUMMY_HASH = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$3qH6lP4yQk3yqg0p7m3mXzJQkW8m1fGz6gq3b7bS9sI=';
