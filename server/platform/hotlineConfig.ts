/**
 * The telephony provider of the 400 hotline (spec 3, 7.4), read from the environment. All four
 * variables together, or none: without them the hotline still works, but only records calls.
 */
export interface HotlineConfig {
  /** Base URL of the provider's API; empty: no provider (the demo). */
  url: string;
  appId: string;
  appSecret: string;
  /** The company's tenant at the provider (sendCall's tenant_id). */
  tenantId: string;
}

/** `Invalid` is the error class of the settings (server/platform/config.ts's ConfigError), so a bad value stops the start plainly. */
export function hotlineConfig(env: NodeJS.ProcessEnv, Invalid: new (message: string) => Error = Error): HotlineConfig {
  const config: HotlineConfig = {
    url: (env.PMS_HOTLINE_URL ?? '').replace(/\/+$/, ''),
    appId: env.PMS_HOTLINE_APP_ID ?? '',
    appSecret: env.PMS_HOTLINE_APP_SECRET ?? '',
    tenantId: env.PMS_HOTLINE_TENANT_ID ?? '',
  };
  if (!config.url) return { url: '', appId: '', appSecret: '', tenantId: '' };
  if (!/^https?:\/\//.test(config.url)) throw new Invalid(`PMS_HOTLINE_URL must be an http(s) URL, got "${config.url}"`);
  const missing = (['PMS_HOTLINE_APP_ID', 'PMS_HOTLINE_APP_SECRET', 'PMS_HOTLINE_TENANT_ID'] as const).filter((name) => !env[name]);
  if (missing.length) throw new Invalid(`PMS_HOTLINE_URL is set, so ${missing.join(', ')} must be set too`);
  return config;
}
