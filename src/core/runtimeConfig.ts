/** The runtime config served by the server: one build can point at another company's services. */
export interface RuntimeConfig {
  services: Record<string, string>;
}

let current: RuntimeConfig = { services: {} };

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/runtime-config.json', { cache: 'no-store', credentials: 'include' });
  if (!response.ok) throw new Error(`runtime config: HTTP ${response.status}`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}

/** Base URL of a service prefix; the same origin's /api/<prefix> unless configured otherwise. */
export function serviceUrl(prefix: string): string {
  return current.services[prefix] ?? `/api/${prefix}`;
}
