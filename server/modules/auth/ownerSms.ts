import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../platform/http/envelope.ts';
import type { DB } from '../../platform/db/index.ts';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 5;
/** What sms_code keeps of a code: its SHA-256 with the number, never the code. */
export const ownerCodeHash = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest('hex');
const mobileSchema = { type: 'string', pattern: '^1\\d{10}$' } as const;

/**
 * Uses up an owner's SMS code: 'expired' when none is live (or attempts ran out), 'wrong' when it
 * does not match (the attempt is counted even then: the outcome is decided inside the
 * transaction, the refusal thrown after it commits), else the customer the number belongs to.
 * One check for both callers: staff verifying an owner, and the owner app's sign-in.
 */
export async function consumeOwnerCode(db: DB, mobile: string, code: string, now: number): Promise<'expired' | 'wrong' | { id: number; name: string; project_id: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('sms_code')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('purpose', '=', 'owner')
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row || row.expires_at <= now || row.attempts >= MAX_ATTEMPTS) return 'expired' as const;
    if (!timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(ownerCodeHash(mobile, code), 'hex'))) {
      await trx.updateTable('sms_code').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
      return 'wrong' as const;
    }
    await trx.updateTable('sms_code').set({ consumed_at: now }).where('id', '=', row.id).execute();
    return trx.selectFrom('customer').select(['id', 'name', 'project_id']).where('mobile', '=', mobile).orderBy('id').executeTakeFirstOrThrow();
  });
}

/** The refusal of a code that did not verify. */
export function refuseOwnerCode(outcome: 'expired' | 'wrong' | object): asserts outcome is { id: number; name: string; project_id: number } {
  if (outcome === 'expired') throw new ApiError(400, '验证码已失效，请重新获取');
  if (outcome === 'wrong') throw new ApiError(400, '验证码不正确');
}

/**
 * The owner SMS code of spec 7.4: a one-time code sent to an owner's phone (identity check
 * before staff change an owner's data, owner app sign-in). The gateway is external: with
 * PMS_SMS_WEBHOOK_URL the text is posted there; without it (the demo) the code is written to
 * the server log and the answer says so plainly. Production without a gateway refuses.
 */
export default async function ownerSms(app: FastifyInstance) {
  app.post(
    '/login/ownerSmsCode',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { body: { type: 'object', required: ['mobile'], additionalProperties: false, properties: { mobile: mobileSchema } } },
    },
    async (request) => {
      const { mobile } = request.body as { mobile: string };
      if (!app.config.smsWebhookUrl && app.config.env === 'production') throw new ApiError(503, '短信服务未配置，请联系管理员');
      const last = await app.db.selectFrom('sms_code').select('created_at').where('mobile', '=', mobile).where('purpose', '=', 'owner').orderBy('created_at', 'desc').executeTakeFirst();
      const now = Date.now();
      if (last && now - last.created_at < RESEND_AFTER_MS) throw new ApiError(429, '验证码已发送，请 60 秒后再试');
      const owner = await app.db.selectFrom('customer').select('id').where('mobile', '=', mobile).executeTakeFirst();
      // The same answer for every number, so the call does not tell who is an owner: a number
      // that is no owner's gets a row too (the 60-second wait applies alike), holding a random
      // hash that no code matches, and nothing is sent.
      const answer = app.config.smsWebhookUrl ? '验证码已发送，5 分钟内有效' : '验证码已生成（演示环境未配置短信服务，验证码记录在服务器日志中）';
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeHash = owner ? ownerCodeHash(mobile, code) : randomBytes(32).toString('hex');
      await app.db.insertInto('sms_code').values({ mobile, purpose: 'owner', code_hash: codeHash, expires_at: now + CODE_TTL_MS, attempts: 0, consumed_at: null, created_at: now }).execute();
      if (!owner) return ok(null, answer);
      const text = `【悦家物业】您的验证码是 ${code}，5 分钟内有效，请勿告诉他人。`;
      if (app.config.smsWebhookUrl) {
        const sent = await fetch(app.config.smsWebhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, text }) }).catch(() => null);
        if (!sent?.ok) throw new ApiError(502, '短信发送失败，请稍后重试');
      } else {
        request.log.warn({ mobile, code }, 'SMS gateway not configured: owner verification code');
      }
      return ok(null, answer);
    },
  );

  app.post(
    '/login/ownerSmsVerify',
    {
      config: { anyStaff: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: { type: 'object', required: ['mobile', 'code'], additionalProperties: false, properties: { mobile: mobileSchema, code: { type: 'string', pattern: '^\\d{6}$' } } } },
    },
    async (request) => {
      const { mobile, code } = request.body as { mobile: string; code: string };
      const now = Date.now();
      const outcome = await consumeOwnerCode(app.db, mobile, code, now);
      refuseOwnerCode(outcome);
      return ok({ customerId: outcome.id, name: outcome.name, projectId: outcome.project_id }, '验证通过');
    },
  );
}
