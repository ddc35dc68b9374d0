import type { FastifyRequest } from 'fastify';
import { tokenOf } from '../../engine/access/authenticate.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { OwnerContext, OwnerHouse } from './context.ts';

/** A free text of the owner's, trimmed: refused by its Chinese title when missing or too long. */
export function text(value: unknown, title: string, max: number, required = true): string | null {
  const t = typeof value === 'string' ? value.trim() : '';
  if (!t) {
    if (required) throw badRequest(`请填写${title}`);
    return null;
  }
  if ([...t].length > max) throw badRequest(`${title}不能超过 ${max} 个字`);
  return t;
}

/** The house the owner names (one of theirs), or their first house when they name none. */
export function houseOf(owner: OwnerContext, houseId: number | undefined): OwnerHouse {
  const houses = owner.houses.filter((h) => h.houseId !== null);
  const house = houseId === undefined ? houses[0] : houses.find((h) => h.houseId === houseId);
  if (!house) throw badRequest(houseId === undefined ? '您还没有绑定房屋，请先完成住户认证' : '所选房屋不是您的房屋');
  return house;
}

/** JSON-schema pieces the owner routes share: ids, an id-only query, an empty object. */
export const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const idQuery = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idSchema } } as const;
export const pageQuery = { type: 'object', additionalProperties: false, properties: { pageNum: { type: 'integer', minimum: 1, maximum: 10000 }, pageSize: { type: 'integer', minimum: 1, maximum: 50 } } } as const;

/**
 * A write limit per owner session rather than per address: many owners share a carrier's
 * address, and the session itself is costly to get (an SMS code each).
 */
export const perOwner = (max: number, timeWindow: string) => ({ max, timeWindow, keyGenerator: (request: FastifyRequest) => tokenOf(request) ?? request.ip });
