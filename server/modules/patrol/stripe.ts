import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, forbidden, notFound, ok } from '../../platform/http/envelope.ts';
import type { DB } from '../../platform/db/index.ts';
import { idProp, projectFilter, scopeOf } from './common.ts';
import { CODES } from './permissions.ts';

/**
 * Business lines ("stripes") are the administration's resource (/base-information/line-manager,
 * schemas/org/resources/stripe.json): a line has a name and a code, and the posts that work for it.
 * Patrol plans belong to a line, and a plan's post or staff come from the line's posts.
 * Those tables are defined by JSON, so they are read untyped here, in this one place.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;
const STRIPE = { table: 'stripe', name: 'stripe_name', code: 'stripe_code', posts: 'stripe_post', postStripe: 'stripe_id', postPost: 'post_id' } as const;

export interface StripeOption {
  stripeName: string;
  stripeCode: string;
}

export async function stripeOptions(db: DB): Promise<StripeOption[]> {
  const rows = (await (db as unknown as AnyDB)
    .selectFrom(STRIPE.table)
    .select([`${STRIPE.name} as stripeName`, `${STRIPE.code} as stripeCode`])
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute()) as StripeOption[];
  return rows;
}

export async function stripeByCode(db: DB, code: string): Promise<{ id: number; stripeName: string; stripeCode: string } | undefined> {
  return (await (db as unknown as AnyDB)
    .selectFrom(STRIPE.table)
    .select(['id', `${STRIPE.name} as stripeName`, `${STRIPE.code} as stripeCode`])
    .where(STRIPE.code, '=', code)
    .executeTakeFirst()) as { id: number; stripeName: string; stripeCode: string } | undefined;
}

/** Ids of the posts that work for a business line. */
export async function stripePostIds(db: DB, stripeId: number): Promise<number[]> {
  const rows = (await (db as unknown as AnyDB).selectFrom(STRIPE.posts).select(`${STRIPE.postPost} as id`).where(STRIPE.postStripe, '=', stripeId).execute()) as { id: number }[];
  return rows.map((r) => r.id);
}

/** Enabled posts of a line in one project. */
export async function linePostsInProject(db: DB, stripeId: number, projectId: number) {
  const ids = await stripePostIds(db, stripeId);
  if (!ids.length) return [];
  return db.selectFrom('post').select(['id', 'name']).where('id', 'in', ids).where('org_id', '=', projectId).where('enabled', '=', 1).orderBy('id').execute();
}

/** Enabled staff who hold a post of the line in the project: who can do its patrol rounds. */
export async function lineStaff(db: DB, stripeId: number, projectId: number) {
  const posts = await linePostsInProject(db, stripeId, projectId);
  if (!posts.length) return [];
  return db
    .selectFrom('staff_post')
    .innerJoin('staff', 'staff.id', 'staff_post.staff_id')
    .innerJoin('post', 'post.id', 'staff_post.post_id')
    .select(['staff.id as staffId', 'staff.name as staffName', 'staff.job_number as jobNumber', 'staff.mobile', 'post.id as postId', 'post.name as postName'])
    .where('staff_post.post_id', 'in', posts.map((p) => p.id))
    .where('staff.enabled', '=', 1)
    .orderBy('staff.id')
    .execute();
}

/** Stripe calls of spec 7.2: the options (stripeName label, stripeCode value), and a line's posts. */
export default async function stripeRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get('/tbpStripe/query', { config: { btnCode: CODES.stripeView } }, async () => ok(await stripeOptions(db)));

  app.post(
    '/tbpStripe/queryPost',
    {
      config: { btnCode: CODES.stripeView },
      schema: { body: { type: 'object', required: ['stripeCode'], additionalProperties: false, properties: { stripeCode: { type: 'string', minLength: 1, maxLength: 64 }, projectId: idProp } } },
    },
    async (request) => {
      const { stripeCode, projectId } = request.body as { stripeCode: string; projectId?: number };
      const stripe = await stripeByCode(db, stripeCode);
      if (!stripe) throw notFound('业务线不存在或已被删除');
      const projects = projectFilter(await scopeOf(db, request.staff!), projectId);
      const ids = await stripePostIds(db, stripe.id);
      if (!ids.length || (projects && !projects.length)) return ok([]);
      let q = db
        .selectFrom('post')
        .innerJoin('org', 'org.id', 'post.org_id')
        .select(['post.id as postId', 'post.name as postName', 'org.id as projectId', 'org.name as projectName'])
        .select((eb) => eb.selectFrom('staff_post').select((s) => s.fn.countAll<number>().as('n')).whereRef('staff_post.post_id', '=', 'post.id').as('staffCount'))
        .where('post.id', 'in', ids)
        .where('post.enabled', '=', 1);
      if (projects) q = q.where('post.org_id', 'in', projects);
      return ok(await q.orderBy('org.sort').orderBy('post.id').execute());
    },
  );

  app.post(
    '/tbpStripe/update',
    {
      config: { btnCode: CODES.stripeEdit },
      schema: {
        body: {
          type: 'object',
          required: ['stripeCode', 'postIds'],
          additionalProperties: false,
          properties: { stripeCode: { type: 'string', minLength: 1, maxLength: 64 }, postIds: { type: 'array', maxItems: 500, uniqueItems: true, items: idProp } },
        },
      },
    },
    async (request) => {
      const { stripeCode, postIds } = request.body as { stripeCode: string; postIds: number[] };
      const scope = await scopeOf(db, request.staff!);
      const mine = (orgId: number) => scope.all || scope.projects.includes(orgId);
      await app.db.transaction().execute(async (trx) => {
        const stripe = await stripeByCode(trx, stripeCode);
        if (!stripe) throw notFound('业务线不存在或已被删除');
        const found = postIds.length ? await trx.selectFrom('post').select(['id', 'org_id']).where('id', 'in', postIds).execute() : [];
        if (found.length !== postIds.length) throw badRequest('岗位不存在或已被删除');
        if (found.some((p) => !mine(p.org_id))) throw forbidden('不能设置权限范围以外项目的岗位');
        // The line's posts in projects the caller cannot see stay as they are.
        const current = await stripePostIds(trx, stripe.id);
        const others = current.length ? (await trx.selectFrom('post').select(['id', 'org_id']).where('id', 'in', current).execute()).filter((p) => !mine(p.org_id)).map((p) => p.id) : [];
        const loose = trx as unknown as AnyDB;
        await loose.deleteFrom(STRIPE.posts).where(STRIPE.postStripe, '=', stripe.id).execute();
        for (const postId of new Set([...others, ...postIds])) await loose.insertInto(STRIPE.posts).values({ [STRIPE.postStripe]: stripe.id, [STRIPE.postPost]: postId }).execute();
      });
      return ok({ stripeCode, postIds }, '业务线岗位已保存');
    },
  );
}
