import type { FastifyInstance } from 'fastify';
import type { AnyDB, ResourceHooks, Row } from '../../../engine/hooks.ts';
import { makeLinkToken } from '../../../engine/publicLinks.ts';
import { badRequest, notFound } from '../../../platform/http/envelope.ts';
import { WHEEL_ROUTE } from '../draw.ts';

/** A link works until the activity ends, and at least a day (an invite sent on the last evening). */
const MIN_LINK_MS = 86_400_000;

/**
 * 抽奖邀请: the signed link an owner opens the public wheel with. It names the invite, and the
 * invite the owner and the activity, so the public page never takes an owner id from the browser.
 */
export const lotteryInviteHooks: ResourceHooks = {
  async beforeSave({ trx, values }) {
    const activity = (await trx.selectFrom('lottery_activity').select(['project_id', 'status', 'participant', 'end_time']).where('id', '=', values.activity_id as number).executeTakeFirst()) as Row | undefined;
    if (!activity) throw notFound('抽奖活动不存在');
    if (activity.project_id !== values.project_id) throw badRequest('邀请须与抽奖活动属于同一项目');
    if (activity.status === 'ended' || activity.status === 'offline') throw badRequest('已结束或已下线的抽奖活动不能再邀请业主');
    const customer = (await trx.selectFrom('customer').select(['project_id', 'name', 'mobile', 'kind']).where('id', '=', values.customer_id as number).executeTakeFirst()) as Row | undefined;
    if (!customer || customer.project_id !== activity.project_id) throw badRequest('只能邀请本项目的业主参与抽奖');
    if (activity.participant === 'owner_only' && customer.kind !== 'owner') throw badRequest('本活动仅限产权业主参与');
    values.name = customer.name;
    values.mobile = customer.mobile;
    values.expires_at = Math.max(activity.end_time as number, Date.now() + MIN_LINK_MS);
  },
  async afterSave({ trx, app, id, values, created }) {
    if (!created) return;
    await signInvite(trx, app.config.signSeed, id, values.expires_at as number);
    return { message: '邀请链接已生成，业主打开链接即可抽奖' };
  },
};

/** Writes an invite's link, signed with the server's key. */
export async function signInvite(db: AnyDB, seed: string, id: number, expiresAt: number): Promise<void> {
  const token = makeLinkToken(seed, { r: WHEEL_ROUTE, id, exp: expiresAt });
  await db.updateTable('lottery_invite').set({ token, url: `${WHEEL_ROUTE}?token=${token}` }).where('id', '=', id).execute();
}

/**
 * The demo seed cannot sign (it has no key): its invites are signed when the server starts,
 * with the key the server runs with. Later invites are signed as they are made.
 */
export async function signSeededInvites(app: FastifyInstance): Promise<void> {
  const db = app.db as unknown as AnyDB;
  const unsigned = (await db.selectFrom('lottery_invite').select(['id', 'expires_at']).where('token', 'is', null).execute()) as { id: number; expires_at: number }[];
  for (const invite of unsigned) await signInvite(db, app.config.signSeed, invite.id, invite.expires_at);
}
