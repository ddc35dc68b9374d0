import os from 'node:os';
import type { Config } from './config.ts';

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);
const urlHost = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** The host names the server answers on when it listens on `host`: loopback and its own interfaces. */
function listeningHosts(host: string): string[] {
  const any = host === '0.0.0.0' || host === '::' || host === '';
  if (!any) return isLoopback(host) ? ['localhost', urlHost(host)] : [urlHost(host)];
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a !== undefined)
    // 0.0.0.0 is IPv4 only; link-local IPv6 addresses need a zone no browser address bar takes.
    .filter((a) => (a.family === 'IPv4' || host !== '0.0.0.0') && !a.address.startsWith('fe80:'))
    .map((a) => urlHost(a.address));
  return ['localhost', ...addresses];
}

/**
 * The origins users open the console at. In production only the configured public URLs
 * (PMS_PUBLIC_URL, comma-separated); elsewhere also every address the server listens on, so a
 * colleague on the office network can sign in at the server's LAN address. Taken from the
 * server's own configuration and interfaces, never from a request's Host header.
 */
export function consoleOrigins(config: Config): string[] {
  const configured = config.publicUrls.map((url) => new URL(url).origin);
  if (config.env === 'production') return unique(configured);
  return unique([...configured, ...listeningHosts(config.host).map((h) => `http://${h}:${config.port}`)]);
}

/** The single sign-on return pages the console may ask the provider to send users back to. */
export function consoleRedirectUris(config: Config): string[] {
  return unique([...consoleOrigins(config).map((origin) => `${origin}/yslogin`), ...config.sso.redirectUris]);
}

const unique = (values: string[]) => [...new Set(values)];
