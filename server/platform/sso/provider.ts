import type { FastifyInstance } from 'fastify';
import middie from '@fastify/middie';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { verifyPassword } from '../auth/password.ts';
import { recordLogin } from '../auth/loginLog.ts';
import { passwordDigest } from '../../../src/shared/password.ts';
import { sqliteAdapterFactory } from './adapter.ts';
import { loadSigningKey } from './keys.ts';
import { consoleRedirectUris } from '../consoleOrigins.ts';
import { errorPage, logoutPage, messagePage, signInPage } from './pages.ts';

export const INTERACTION_PATH = '/sso-interaction';

/**
 * The embedded OpenID Connect provider (panva's oidc-provider) under /sso: the default single
 * sign-on of the product. Authorization code flow with PKCE, one confidential client (the
 * console), first-party consent granted implicitly, storage in the product database, and a
 * Chinese sign-in page. A company with its own provider sets PMS_SSO_ISSUER and this is not mounted.
 */
export async function registerEmbeddedProvider(app: FastifyInstance): Promise<Provider> {
  const { config, db } = app;
  const redirectUris = consoleRedirectUris(config);
  const origins = [...new Set(redirectUris.map((u) => new URL(u).origin))];
  const settings: Configuration = {
    adapter: sqliteAdapterFactory(db),
    clients: [
      {
        client_id: config.sso.clientId,
        client_secret: config.sso.clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: origins.map((o) => `${o}/`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: config.sso.cookieKeys },
    jwks: { keys: [loadSigningKey(config.filesDir) as never] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], phone: ['phone_number'] },
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.body = messagePage('已退出', '您已安全退出统一身份认证。');
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const staff = await db.selectFrom('staff').select(['id', 'account', 'name', 'mobile', 'enabled']).where('id', '=', Number(sub)).executeTakeFirst();
      if (!staff || !staff.enabled) return undefined;
      return {
        accountId: String(staff.id),
        claims: async () => ({ sub: String(staff.id), preferred_username: staff.account, name: staff.name, phone_number: staff.mobile }),
      };
    },
    // The console is the company's own client: the user's sign-in is their consent.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile phone');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out, error) {
      // The provider's own description is English and technical: it goes to the log, the user reads Chinese.
      app.log.warn({ error: out.error, description: out.error_description, err: error }, 'single sign-on error page');
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error));
    },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: config.sessionMaxSeconds,
      Grant: config.sessionMaxSeconds,
      IdToken: 3600,
      AccessToken: 600,
    },
  };
  const provider = new Provider(config.sso.issuer, settings);
  provider.proxy = true;

  await app.register(middie);
  app.use('/sso', provider.callback());

  // The Chinese sign-in page of an interaction, and its form post.
  app.get(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    if (!details) return reply.code(400).type('text/html').send(messagePage('登录已过期', '登录页面已过期，请返回系统重新登录。'));
    return reply.type('text/html').header('cache-control', 'no-store').send(signInPage({ action: `${INTERACTION_PATH}/${details.uid}` }));
  });

  app.post(
    `${INTERACTION_PATH}/:uid`,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        body: {
          type: 'object',
          required: ['account', 'password'],
          properties: { account: { type: 'string', maxLength: 64 }, password: { type: 'string', maxLength: 128 } },
        },
      },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details) return reply.code(400).type('text/html').send(messagePage('登录已过期', '登录页面已过期，请返回系统重新登录。'));
      const { account, password } = request.body as { account: string; password: string };
      const staff = await db.selectFrom('staff').select(['id', 'name', 'password_hash', 'enabled']).where('account', '=', account.trim()).executeTakeFirst();
      const valid = staff ? await verifyPassword(passwordDigest(password), staff.password_hash) : false;
      const reason = !staff || !valid ? '账号或密码错误' : !staff.enabled ? '账号已停用，请联系管理员' : null;
      await recordLogin(db, request, { method: 'sso', account, staff, reason });
      if (reason || !staff) {
        return reply.code(200).type('text/html').header('cache-control', 'no-store').send(signInPage({ action: `${INTERACTION_PATH}/${details.uid}`, account, error: reason ?? undefined }));
      }
      const target = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: String(staff.id) } }, { mergeWithLastSubmission: false });
      return reply.redirect(target, 303);
    },
  );
  return provider;
}
