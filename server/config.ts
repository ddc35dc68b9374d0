import path from 'node:path';

/**
 * Every setting of the reference services, read once from the environment.
 * Demo defaults let `npm start` work out of the box; production refuses them.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
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
}

/** Demo values written in the README; production mode refuses to start with any of them. */
export const DEMO_DEFAULTS = {
  adminPassword: 'Pms@2026',
  signSeed: 'pms-demo-sign-seed-2026',
  cryptoKey: 'pmsdemokey202611',
} as const;

export class ConfigError extends Error {}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${value}"`);
  return n;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const config: Config = {
    env: mode,
    host: env.HOST || '0.0.0.0',
    port: int(env.PORT, 8080, 'PORT'),
    dataDir: path.resolve(env.PMS_DATA_DIR || './data'),
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'warn' : 'info'),
    adminPassword: env.PMS_ADMIN_PASSWORD || DEMO_DEFAULTS.adminPassword,
    adminPasswordFromEnv: Boolean(env.PMS_ADMIN_PASSWORD),
    signSeed: env.PMS_SIGN_SEED || DEMO_DEFAULTS.signSeed,
    cryptoKey: env.PMS_CRYPTO_KEY || DEMO_DEFAULTS.cryptoKey,
    sessionIdleSeconds: int(env.PMS_SESSION_IDLE_SECONDS, 2 * 3600, 'PMS_SESSION_IDLE_SECONDS'),
    sessionMaxSeconds: int(env.PMS_SESSION_MAX_SECONDS, 12 * 3600, 'PMS_SESSION_MAX_SECONDS'),
    serviceUrls: serviceUrls(env.PMS_SERVICE_URLS),
    seedDemo: mode !== 'production' && env.PMS_SEED_DEMO !== '0',
  };
  if (mode === 'production') assertProductionReady(config);
  return config;
}

/** Production must not run on secrets that are printed in the README. */
function assertProductionReady(config: Config): void {
  const placeholders: string[] = [];
  if (!config.adminPasswordFromEnv) placeholders.push('PMS_ADMIN_PASSWORD');
  if (config.signSeed === DEMO_DEFAULTS.signSeed) placeholders.push('PMS_SIGN_SEED');
  if (config.cryptoKey === DEMO_DEFAULTS.cryptoKey) placeholders.push('PMS_CRYPTO_KEY');
  if (placeholders.length) {
    throw new ConfigError(`NODE_ENV=production refuses to start with demo secrets; set ${placeholders.join(', ')}`);
  }
  if (config.adminPassword.length < 12) throw new ConfigError('PMS_ADMIN_PASSWORD must be at least 12 characters in production');
}
