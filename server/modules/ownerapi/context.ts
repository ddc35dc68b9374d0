import type { AnyDB, Row } from '../../engine/hooks.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenOf } from '../../engine/access/authenticate.ts';
import { sessionFailure } from '../../engine/access/guards.ts';
import { ApiError } from '../../platform/http/envelope.ts';
import { resolveOwnerSession } from './sessions.ts';

/** One house the owner holds: the customer record that links them, its project and building, and whether it is certified. */
export interface OwnerHouse {
  customerId: number;
  houseId: number | null;
  projectId: number;
  buildingId: number | null;
  certified: boolean;
  name: string;
}

/** Who calls an owner route: the customer signed in, and every customer record of the same mobile (their houses). */
export interface OwnerContext {
  customerId: number;
  name: string;
  mobile: string;
  terminal: string;
  tokenHash: string;
  houses: OwnerHouse[];
}

declare module 'fastify' {
  interface FastifyRequest {
    owner: OwnerContext | null;
  }
}

/** The owner context of a request on an owner route (set by the hook below). */
export const ownerOf = (request: FastifyRequest): OwnerContext => request.owner!;

const PROBLEMS = { missing: 'missing', invalid: 'invalid', expired: 'max-expired', revoked: 'revoked' } as const;

/** The customer records of one mobile, with their houses' buildings: what an owner may see and touch. */
export async function housesOf(db: AnyDB, mobile: string): Promise<OwnerHouse[]> {
  const rows = await db
    .selectFrom('customer')
    .leftJoin('house', 'house.id', 'customer.house_id')
    .select(['customer.id', 'customer.house_id', 'customer.project_id', 'house.building_id', 'customer.certified', 'customer.name'])
    .where('customer.mobile', '=', mobile)
    .orderBy('customer.id')
    .execute();
  return (rows as Row[]).map((r) => ({ customerId: r.id as number, houseId: (r.house_id as number | null) ?? null, projectId: r.project_id as number, buildingId: (r.building_id as number | null) ?? null, certified: Number(r.certified) === 1, name: r.name as string }));
}

/**
 * The owner routes' own session check: a live owner token, never a staff one (a staff token is
 * unknown here, as an owner token is to the staff sessions). A session that ran out or was
 * signed out answers 401 with the staff sessions' token_code (-1 / -2).
 */
export function registerOwnerAuthentication(app: FastifyInstance): void {
  const db = app.db as unknown as AnyDB;
  app.decorateRequest('owner', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.owner) return;
    const session = await resolveOwnerSession(db, tokenOf(request), Date.now());
    if (typeof session === 'string') {
      const { message, token_code } = sessionFailure(PROBLEMS[session]);
      throw new ApiError(401, message, token_code ? { token_code } : undefined);
    }
    const customer = (await db.selectFrom('customer').select(['id', 'name', 'mobile']).where('id', '=', session.customerId).executeTakeFirst()) as { id: number; name: string; mobile: string } | undefined;
    if (!customer) throw new ApiError(401, '登录失效，请重新登录');
    request.owner = { customerId: customer.id, name: customer.name, mobile: customer.mobile, terminal: session.terminal, tokenHash: session.tokenHash, houses: await housesOf(db, customer.mobile) };
  });
}
