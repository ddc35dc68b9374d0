import path from 'node:path';
import { hotlineConfig, type HotlineConfig } from './hotlineConfig.ts';
import { mapTilesConfig, type MapTiles } from './mapTiles.ts';

/**
 * Every setting of the reference services, read once from the environment.
 * Demo defaults let `npm start` work out of the box; production refuses them.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL instead of SQLite in dataDir (PMS_DATABASE_URL, postgres://…): several instances share it. */
  databaseUrl?: string;
  /** Uploaded, generated and exported files, and the sign-on key (PMS_FILES_DIR, default dataDir): shared by every instance. */
  filesDir: string;
  logLevel: string;
  /** Password of the `admin` account, applied when the database is first seeded. */
  adminPassword: string;
  /** True when adminPassword came from PMS_ADMIN_PASSWORD. */
  adminPasswordFromEnv: boolean;
  /** Seed string of the request signature secret (spec 5, 9). */
  signSeed: string;
  /** Key of the fixed-key encryption helper (spec 7.6). */
  cryptoKey: string;
  /** Idle and absolute lifetimes of a staff session, in seconds. */
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  /** Base URL per service prefix, for a web app that talks to another company's services. */
  serviceUrls: Record<string, string>;
  /** Seed realistic demo data on first start (never in production). */
  seedDemo: boolean;
  /** Where users reach the product (the first of PMS_PUBLIC_URL); the embedded provider's issuer derives from it. */
  publicUrl: string;
  /** Every URL users reach the product at (PMS_PUBLIC_URL, comma-separated); each may sign in (consoleOrigins.ts). */
  publicUrls: string[];
  sso: SsoConfig;
  /** The `flag` query login of spec 4 (service-line account, fixed SMS code); off unless enabled. */
  flagLogin: { enabled: boolean; smsCode: string; networks: string[] };
  /** The `isuse` flag of spec 6 is set for the account domain equal to this value. */
  isuseDomain: string;
  /** Largest accepted upload, in bytes. */
  uploadMaxBytes: number;
  /** Excel imports read at once (each holds its file and rows in memory); more are answered 429. */
  importConcurrency: number;
  /** Hours a background export's file is kept in the download center. */
  exportKeepHours: number;
  /** Seconds an instance's claim on a background export holds unrenewed: how long a dead instance's job waits for another. */
  exportLeaseSeconds: number;
  /** Days a row of the request log (/request/index) is kept. */
  requestLogDays: number;
  /** Where data-sync tasks (/transport-manager/transportTasks) are POSTed, signed; empty: they wait. */
  transportUrl: string;
  /** Largest size an imported .xlsx may unpack to, in bytes (a zip bomb is refused at it). */
  importMaxUnpackedBytes: number;
  /** The `userAccount` + `loginPhone` query login of spec 4; off in production unless enabled. */
  jobNumberLogin: boolean;
  /** Sign-in attempts allowed per IP address and minute, on each login call. */
  loginRateLimit: number;
  /** Where the staff mobile app is downloaded, shown as a QR code at /download. */
  appDownloadUrl: string;
  /** The office-automation helper script that /task-oadetail and /action_oadetail load (spec 2.1); empty: none. */
  oaScriptUrl: string;
  /** The SMS gateway: a URL that receives { mobile, text } as JSON; empty in the demo. */
  smsWebhookUrl: string;
  /** The map picker's tile server (PMS_MAP_TILE_URL); an empty url: no tiles. */
  mapTiles: MapTiles;
  /**
   * External MQTT broker of the push notices over WebSocket (ws:// or wss://; the services'
   * credentials may be in the URL); empty: the broker embedded at /mqtt. Browsers are given the
   * URL without its credentials, so it must be reachable from them.
   */
  mqttUrl: string;
  /** Connections one session token may hold at once on the embedded broker; more are refused and logged. */
  mqttMaxConnectionsPerToken: number;
  /**
   * One interval for every background timer (workflow timers, patrol scheduler, push session
   * check) instead of their own (60, 60 and 30 s); 0: their own. For tests that wait for a timer.
   */
  timerIntervalMs: number;
  /** The 400 hotline's telephony provider (PMS_HOTLINE_*); an empty url: calls are only recorded. */
  hotline: HotlineConfig;
}

export interface SsoConfig {
  /** True when the embedded provider under /sso is the single sign-on (no PMS_SSO_ISSUER set). */
  embedded: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Cookie signing keys of the embedded provider. */
  cookieKeys: string[];
  /** Extra redirect URIs allowed besides <publicUrl>/yslogin (e.g. the Vite dev server). */
  redirectUris: string[];
  /** Claim that names the staff account in the provider's ID token or userinfo. */
  usernameClaim: string;
}

/** Demo values written in the README; production mode refuses to start with any of them. */
export const DEMO_DEFAULTS = {
  adminPassword: 'Pms@2026',
  signSeed: 'pms-demo-sign-seed-2026',
  cryptoKey: 'pmsdemokey202611',
  ssoClientSecret: 'pms-demo-sso-client-secret',
  ssoCookieKey: 'pms-demo-sso-cookie-key',
} as const;

export class ConfigError extends Error {}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** An optional http(s) URL setting; empty when unset. */
function httpUrl(raw: string | undefined, name: string): string {
  if (!raw) return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name}: "${raw}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name}: "${raw}" is not an http(s) URL`);
  return raw;
}

function serviceUrls(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PMS_SERVICE_URLS must be a JSON object such as {"patrol":"https://patrol.example.com"}');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError('PMS_SERVICE_URLS must be a JSON object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v !== 'string') throw new ConfigError(`PMS_SERVICE_URLS.${k} must be a string`);
    out[k] = v.replace(/\/+$/, '');
  }
  return out;
}

function mqttUrl(raw: string | undefined): string {
  if (!raw) return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PMS_MQTT_URL must be a URL such as wss://mqtt.example.com/mqtt, got "${raw}"`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new ConfigError('PMS_MQTT_URL must be a WebSocket URL (ws:// or wss://): browsers connect to it too');
  return raw;
}

function publicUrlOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PMS_PUBLIC_URL must be URLs separated by commas, such as https://pms.example.com,http://10.0.0.5:8080; got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PMS_PUBLIC_URL: "${raw}" is not an http(s) URL`);
  return raw.replace(/\/+$/, '');
}

function databaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError(`PMS_DATABASE_URL must be a PostgreSQL URL such as postgres://pms@db.example.com/pms, got "${raw.replace(/:[^:@/]*@/, ':***@')}"`);
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int(env.PORT, 8080, 'PORT');
  const list = (value: string | undefined) => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);
  const publicUrls = (list(env.PMS_PUBLIC_URL).length ? list(env.PMS_PUBLIC_URL) : [`http://localhost:${port}`]).map((url) => publicUrlOf(url));
  const publicUrl = publicUrls[0]!;
  const config: Config = {
    env: mode,
    host: env.HOST || '0.0.0.0',
    port,
    dataDir: path.resolve(env.PMS_DATA_DIR || './data'),
    databaseUrl: databaseUrl(env.PMS_DATABASE_URL),
    filesDir: path.resolve(env.PMS_FILES_DIR || env.PMS_DATA_DIR || './data'),
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'warn' : 'info'),
    adminPassword: env.PMS_ADMIN_PASSWORD || DEMO_DEFAULTS.adminPassword,
    adminPasswordFromEnv: Boolean(env.PMS_ADMIN_PASSWORD),
    signSeed: env.PMS_SIGN_SEED || DEMO_DEFAULTS.signSeed,
    cryptoKey: env.PMS_CRYPTO_KEY || DEMO_DEFAULTS.cryptoKey,
    sessionIdleSeconds: int(env.PMS_SESSION_IDLE_SECONDS, 2 * 3600, 'PMS_SESSION_IDLE_SECONDS'),
    sessionMaxSeconds: int(env.PMS_SESSION_MAX_SECONDS, 12 * 3600, 'PMS_SESSION_MAX_SECONDS'),
    serviceUrls: serviceUrls(env.PMS_SERVICE_URLS),
    seedDemo: mode !== 'production' && env.PMS_SEED_DEMO !== '0',
    publicUrl,
    publicUrls,
    sso: {
      embedded: !env.PMS_SSO_ISSUER,
      issuer: (env.PMS_SSO_ISSUER || `${publicUrl}/sso`).replace(/\/+$/, ''),
      clientId: env.PMS_SSO_CLIENT_ID || 'pms-console',
      clientSecret: env.PMS_SSO_CLIENT_SECRET || DEMO_DEFAULTS.ssoClientSecret,
      cookieKeys: list(env.PMS_SSO_COOKIE_KEYS).length ? list(env.PMS_SSO_COOKIE_KEYS) : [DEMO_DEFAULTS.ssoCookieKey],
      redirectUris: list(env.PMS_SSO_REDIRECT_URIS),
      usernameClaim: env.PMS_SSO_USERNAME_CLAIM || 'preferred_username',
    },
    flagLogin: { enabled: env.PMS_FLAG_LOGIN === '1', smsCode: env.PMS_FLAG_SMS_CODE || '', networks: list(env.PMS_FLAG_LOGIN_NETWORKS) },
    isuseDomain: env.PMS_ISUSE_DOMAIN || '',
    uploadMaxBytes: int(env.PMS_UPLOAD_MAX_BYTES, 20 * 1024 * 1024, 'PMS_UPLOAD_MAX_BYTES'),
    importConcurrency: int(env.PMS_IMPORT_CONCURRENCY, 2, 'PMS_IMPORT_CONCURRENCY'),
    exportKeepHours: int(env.PMS_EXPORT_KEEP_HOURS, 72, 'PMS_EXPORT_KEEP_HOURS'),
    exportLeaseSeconds: Math.max(1, int(env.PMS_EXPORT_LEASE_SECONDS, 30, 'PMS_EXPORT_LEASE_SECONDS')),
    requestLogDays: int(env.PMS_REQUEST_LOG_DAYS, 30, 'PMS_REQUEST_LOG_DAYS'),
    transportUrl: httpUrl(env.PMS_TRANSPORT_URL, 'PMS_TRANSPORT_URL'),
    importMaxUnpackedBytes: int(env.PMS_IMPORT_MAX_UNPACKED_BYTES, 64 * 1024 * 1024, 'PMS_IMPORT_MAX_UNPACKED_BYTES'),
    // Off unless asked for, in every mode (issue 40): a job number and a mobile are no secret.
    jobNumberLogin: env.PMS_JOBNUMBER_LOGIN === '1',
    loginRateLimit: int(env.PMS_LOGIN_RATE_LIMIT, 20, 'PMS_LOGIN_RATE_LIMIT'),
    appDownloadUrl: env.PMS_APP_DOWNLOAD_URL || '',
    oaScriptUrl: env.PMS_OA_SCRIPT_URL || '',
    smsWebhookUrl: env.PMS_SMS_WEBHOOK_URL || '',
    mapTiles: mapTilesConfig(env, (message) => new ConfigError(message)),
    mqttUrl: mqttUrl(env.PMS_MQTT_URL),
    mqttMaxConnectionsPerToken: int(env.PMS_MQTT_MAX_CONNECTIONS_PER_TOKEN, 5, 'PMS_MQTT_MAX_CONNECTIONS_PER_TOKEN'),
    timerIntervalMs: int(env.PMS_TIMER_INTERVAL_MS, 0, 'PMS_TIMER_INTERVAL_MS'),
    hotline: hotlineConfig(env, ConfigError),
  };
  for (const network of config.flagLogin.networks) {
    if (!/^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/.test(network)) throw new ConfigError(`PMS_FLAG_LOGIN_NETWORKS: "${network}" is not an IPv4 address or network (a.b.c.d/n)`);
  }
  if (config.flagLogin.enabled && !/^\d{4,8}$/.test(config.flagLogin.smsCode)) {
    throw new ConfigError('PMS_FLAG_LOGIN=1 needs PMS_FLAG_SMS_CODE, the fixed SMS code of 4 to 8 digits');
  }
  if (mode === 'production') assertProductionReady(config);
  return config;
}

/** Production must not run on secrets that are printed in the README. */
function assertProductionReady(config: Config): void {
  const placeholders: string[] = [];
  if (!config.adminPasswordFromEnv) placeholders.push('PMS_ADMIN_PASSWORD');
  if (config.signSeed === DEMO_DEFAULTS.signSeed) placeholders.push('PMS_SIGN_SEED');
  if (config.cryptoKey === DEMO_DEFAULTS.cryptoKey) placeholders.push('PMS_CRYPTO_KEY');
  if (config.sso.clientSecret === DEMO_DEFAULTS.ssoClientSecret) placeholders.push('PMS_SSO_CLIENT_SECRET');
  if (config.sso.embedded && config.sso.cookieKeys.includes(DEMO_DEFAULTS.ssoCookieKey)) placeholders.push('PMS_SSO_COOKIE_KEYS');
  if (placeholders.length) {
    throw new ConfigError(`NODE_ENV=production refuses to start with demo secrets; set ${placeholders.join(', ')}`);
  }
  if (config.adminPassword.length < 12) throw new ConfigError('PMS_ADMIN_PASSWORD must be at least 12 characters in production');
}
