import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DetailPage, PageSchema } from '../../src/shared/schemaTypes.ts';
import { ApiError, ok } from '../platform/http/envelope.ts';
import type { ResourceContext } from './resources/context.ts';

/**
 * Public pages (a detail page with `public`): a signed-in user holding the page's btnCode who
 * sees a record makes a link naming that record; whoever holds the link reads that record, and
 * only it, through `<resource>/publicDetail?token=` without a session until the link expires.
 * The token is the link's claims and their HMAC-SHA256 under a key derived from PMS_SIGN_SEED;
 * a bad link is a 403, not a 401, which the browser would take for an ended session.
 */
interface Claims {
  /** The public page's route. */
  r: string;
  id: number;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

export const LINK_FORGED = '链接无效或已被篡改，请向发起人索取新的链接';
export const LINK_EXPIRED = '链接已过期，请向发起人索取新的链接';

const keyOf = (seed: string) => `public-link:${seed}`;
const mac = (seed: string, body: string) => createHmac('sha256', keyOf(seed)).update(body).digest('base64url');

export function makeLinkToken(seed: string, claims: Claims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(seed, body)}`;
}

/** The claims of a genuine, unexpired token (Chinese refusals otherwise). */
export function readLinkToken(seed: string, token: string, now = Date.now()): Claims {
  const [body, sign, extra] = token.split('.');
  if (!body || !sign || extra !== undefined) throw new ApiError(403, LINK_FORGED);
  const expected = Buffer.from(mac(seed, body));
  const given = Buffer.from(sign);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError(403, LINK_FORGED);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Claims;
  if (!(claims.exp > now)) throw new ApiError(403, LINK_EXPIRED);
  return claims;
}

/** The public pages over a resource. */
export const publicPagesOf = (pages: PageSchema[], resource: string): DetailPage[] => pages.filter((p): p is DetailPage => p.kind === 'detail' && p.resource === resource && Boolean(p.public));

/** A link to a public page for one record, made without asking the caller's permission (a module's own move, e.g. submitting to OA). */
export function publicLink(app: FastifyInstance, route: string, id: number, now = Date.now()): { url: string; token: string; expiresAt: number } {
  const page = app.catalogue.pages.find((p) => p.route === route && p.kind === 'detail' && p.public) as DetailPage | undefined;
  if (!page) throw new Error(`${route} is not a public page`);
  const expiresAt = now + page.public!.hours * 3600_000;
  const token = makeLinkToken(app.config.signSeed, { r: route, id, exp: expiresAt });
  return { url: `${route}?token=${token}`, token, expiresAt };
}

/** `/publicLink` (permission-checked, the record must be visible) and `/publicDetail` (the token alone) of a resource with public pages. */
export function registerPublicLinks(ctx: ResourceContext): void {
  const { app, resource } = ctx;
  const pages = publicPagesOf(app.catalogue.pages, resource.name);
  if (!pages.length) return;
  const body = { type: 'object', required: ['id', 'route'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 }, route: { enum: pages.map((p) => p.route) } } };
  app.post('/publicLink', { config: { btnCode: [...new Set(pages.map((p) => p.public!.btnCode))] }, schema: { body } }, async (request) => {
    const { id, route } = request.body as { id: number; route: string };
    const page = pages.find((p) => p.route === route)!;
    if (!request.staff!.buttons.has(page.public!.btnCode)) throw new ApiError(403, '没有权限生成该页面的链接');
    await ctx.findVisible(id, request.staff!);
    const link = publicLink(app, route, id);
    return ok(link, `链接已生成，${page.public!.hours} 小时内有效`);
  });
  const query = { type: 'object', required: ['token'], additionalProperties: false, properties: { token: { type: 'string', maxLength: 600 } } };
  app.get('/publicDetail', { config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } }, schema: { querystring: query } }, async (request) => {
    const claims = readLinkToken(app.config.signSeed, (request.query as { token: string }).token);
    // A genuine link of another resource's page opens nothing here.
    if (!pages.some((p) => p.route === claims.r)) throw new ApiError(403, LINK_FORGED);
    const row = await ctx.withRefLabels(ctx.withProjectName(ctx.db.selectFrom(resource.name).selectAll(resource.name))).where(`${resource.name}.id`, '=', claims.id).executeTakeFirst();
    if (!row) throw new ApiError(404, '链接指向的记录已不存在');
    const [record] = await ctx.withLinks([ctx.masked(ctx.readJson(ctx.answer(row)))]);
    return ok(record);
  });
}
