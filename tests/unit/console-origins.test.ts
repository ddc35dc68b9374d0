import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.ts';
import { consoleOrigins, consoleRedirectUris } from '../../server/platform/consoleOrigins.ts';

const PRODUCTION = { NODE_ENV: 'production', PMS_ADMIN_PASSWORD: 'a-long-real-password', PMS_SIGN_SEED: 'seed-x', PMS_CRYPTO_KEY: 'k'.repeat(16), PMS_SSO_CLIENT_SECRET: 's', PMS_SSO_COOKIE_KEYS: 'c' };

describe('the addresses users may sign in from (issue 42)', () => {
  it('outside production: the public URL, loopback by name and address, and every interface when listening on all', () => {
    const loopback = loadConfig({ HOST: '127.0.0.1', PORT: '8080' });
    expect(consoleOrigins(loopback)).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    const everywhere = consoleOrigins(loadConfig({ PORT: '8080' }));
    const ipv4 = Object.values(os.networkInterfaces()).flat().filter((a) => a?.family === 'IPv4').map((a) => `http://${a!.address}:8080`);
    expect(everywhere).toEqual(expect.arrayContaining(['http://localhost:8080', ...ipv4]));
    expect(consoleRedirectUris(loopback)).toEqual(['http://localhost:8080/yslogin', 'http://127.0.0.1:8080/yslogin']);
  });

  it('in production: only the configured public URLs, several separated by commas', () => {
    const config = loadConfig({ ...PRODUCTION, PMS_PUBLIC_URL: 'https://pms.example.com/, http://10.1.2.3:8080' });
    expect(config.publicUrl).toBe('https://pms.example.com');
    expect(consoleRedirectUris(config)).toEqual(['https://pms.example.com/yslogin', 'http://10.1.2.3:8080/yslogin']);
    expect(config.sso.issuer).toBe('https://pms.example.com/sso');
  });

  it('refuses a public URL that is not one', () => {
    expect(() => loadConfig({ PMS_PUBLIC_URL: 'https://pms.example.com,pms.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ PMS_PUBLIC_URL: 'ftp://pms.example.com' })).toThrow('PMS_PUBLIC_URL: "ftp://pms.example.com" is not an http(s) URL');
  });
});
