import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { mapTileOrigin } from '../mapTiles.ts';

/**
 * The origin of a configured URL to allow; none for the product's own (relative) URLs, and none
 * for data: or other schemes, which a policy could only allow wholesale.
 */
function originOf(url: string, base: string): string | null {
  if (!url) return null;
  const parsed = new URL(url, base);
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) return null;
  return parsed.origin === new URL(base).origin ? null : parsed.origin;
}

const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/**
 * The Content-Security-Policy of every answer, derived from the configuration: scripts only
 * from the product (and the OA helper script when one is configured), never eval; calls to the
 * services, the external MQTT broker and stored files wherever they are configured to live.
 *
 * style-src keeps 'unsafe-inline': antd's CSS-in-JS (and Formily's, tiptap's) inject <style>
 * tags at run time and sanitised rich text keeps style attributes. A nonce would need a
 * per-request index.html threaded through every style-injecting library and still leave the
 * attributes; injected CSS cannot run script, so the strict part that matters is script-src.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const base = config.publicUrl;
  const services = Object.values(config.serviceUrls).map((url) => originOf(url, base));
  const https = base.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", originOf(config.oaScriptUrl, base)]),
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: and blob: are QR codes, the watermark canvas and upload previews; stored files may sit with the file service.
    'img-src': unique(["'self'", 'data:', 'blob:', ...services, mapTileOrigin(config.mapTiles)]),
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'"],
    // mqtt.js keeps its keep-alive timer in a blob worker, which background tabs do not throttle.
    'worker-src': ["'self'", 'blob:'],
    'connect-src': unique(["'self'", ...services, originOf(config.mqttUrl, base)]),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The single sign-on page posts here and is then redirected to the console's sign-in return page: the address
    // the browser used ('self'), a public URL or another allowed one (the Vite dev server under `npm run dev`).
    'form-action': unique(["'self'", ...[...config.publicUrls, ...config.sso.redirectUris].map((url) => new URL(url).origin)]),
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * helmet's headers on every answer, including the embedded provider's pages under /sso: the
 * policy above, no Referer leaving the product, no framing. Strict-Transport-Security only when
 * the product is reached over https (a browser ignores it over http, and it would pin the host).
 * They depend on the configuration alone, so helmet makes them once here rather than running its
 * middleware (as @fastify/helmet's hook would) on every request. Set on the raw answer before the
 * provider's middleware, so its answers carry them too; stored files replace the policy with
 * their own sandbox (server/modules/files/routes.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = Object.entries(securityHeaders(app.config));
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
}

/** The headers helmet sets for this configuration, as it sets them. */
export function securityHeaders(config: Config): Record<string, string> {
  const https = config.publicUrl.startsWith('https:');
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  const headers: Record<string, string> = {};
  const answer = { setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)), removeHeader: (name: string) => delete headers[name.toLowerCase()] };
  middleware({} as IncomingMessage, answer as unknown as ServerResponse, () => {});
  return headers;
}
