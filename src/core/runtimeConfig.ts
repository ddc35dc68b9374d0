/** The runtime config served by the server: one build can point at another company's services. */
export interface RuntimeConfig {
  services: Record<string, string>;
  /** Seed of the request-signature secret (spec 5, 9). */
  signSeed: string;
  /** Key of the fixed-key encryption helper (spec 7.6). */
  cryptoKey: string;
  /** Account domain for which the `isuse` flag is set (spec 6). */
  isuseDomain: string;
  /** Where the staff mobile app is downloaded; empty when not configured. */
  appDownloadUrl: string;
  /** The office-automation helper script of the OA detail routes (spec 2.1); empty when not configured. */
  oaScriptUrl: string;
  /** The map picker's tile server (PMS_MAP_TILE_URL, an XYZ template); an empty url: maps draw without tiles. */
  mapTiles?: { url: string; attribution: string; subdomains: string };
  /** The push broker (spec 7.6) when it is not the app's own /mqtt; empty otherwise. */
  mqttUrl: string;
  /** Present only when the `flag` query login is enabled on the server. */
  flagLogin: { smsCode: string } | null;
  sso: { clientId: string; authorizationEndpoint: string; endSessionEndpoint: string; scope: string };
}

let current: RuntimeConfig = {
  services: {},
  signSeed: '',
  cryptoKey: '',
  isuseDomain: '',
  appDownloadUrl: '',
  oaScriptUrl: '',
  mqttUrl: '',
  flagLogin: null,
  sso: { clientId: '', authorizationEndpoint: '', endSessionEndpoint: '', scope: 'openid' },
};

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  // Takes over index.html's preload of the same request (same URL, mode and credentials): the
  // server marks the answer no-store, so it is never read from the HTTP cache.
  const response = await fetch('/runtime-config.json', { credentials: 'include' });
  if (!response.ok) throw new Error(`runtime config: HTTP ${response.status}`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}

export const runtimeConfig = (): RuntimeConfig => current;

/** Base URL of a service prefix; the same origin's /api/<prefix> unless configured otherwise. */
export function serviceUrl(prefix: string): string {
  return current.services[prefix] ?? `/api/${prefix}`;
}
