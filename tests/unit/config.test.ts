import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.ts';

describe('configuration', () => {
  it('runs out of the box with demo defaults on port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.seedDemo).toBe(true);
  });

  it('refuses production with demo secrets, naming each one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', PMS_ADMIN_PASSWORD: 'a-long-real-password' })).toThrow(/PMS_SIGN_SEED, PMS_CRYPTO_KEY/);
  });

  it('starts in production with real secrets and seeds no demo accounts', () => {
    const config = loadConfig({ NODE_ENV: 'production', PMS_ADMIN_PASSWORD: 'a-long-real-password', PMS_SIGN_SEED: 'seed-x', PMS_CRYPTO_KEY: 'k'.repeat(16), PMS_SSO_CLIENT_SECRET: 's', PMS_SSO_COOKIE_KEYS: 'c' });
    expect(config.seedDemo).toBe(false);
  });

  it('rejects a malformed port or service URL map with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a non-negative integer, got "eighty"');
    expect(() => loadConfig({ PMS_SERVICE_URLS: '{nope' })).toThrow(/PMS_SERVICE_URLS must be a JSON object/);
    expect(loadConfig({ PMS_SERVICE_URLS: '{"patrol":"https://p.example.com/"}' }).serviceUrls).toEqual({ patrol: 'https://p.example.com' });
  });
});
