/**
 * The map tile server of the map picker (G13): an XYZ URL template such as
 * https://{s}.tile.example.com/{z}/{x}/{y}.png, from PMS_MAP_TILE_URL. Empty: no tiles, and maps
 * draw on a blank grid or a declared floor-plan image (intranets and tests reach no tile server).
 */
export interface MapTiles {
  url: string;
  attribution: string;
  /** The subdomains `{s}` stands for. */
  subdomains: string;
}

/** Reads and checks the tile settings; `fail` makes the configuration error. */
export function mapTilesConfig(env: NodeJS.ProcessEnv, fail: (message: string) => Error): MapTiles {
  const url = env.PMS_MAP_TILE_URL?.trim() || '';
  if (url) {
    if (!/^https?:\/\/[^/]+\//.test(url) || !['{z}', '{x}', '{y}'].every((p) => url.includes(p))) {
      throw fail(`PMS_MAP_TILE_URL must be an http(s) tile URL template with {z}, {x} and {y}, e.g. https://{s}.tile.example.com/{z}/{x}/{y}.png; got "${url}"`);
    }
  }
  return { url, attribution: env.PMS_MAP_TILE_ATTRIBUTION?.trim() || '', subdomains: env.PMS_MAP_TILE_SUBDOMAINS?.trim() || 'abc' };
}

/** The origin images come from for the Content-Security-Policy: `{s}.` becomes a wildcard host part. */
export function mapTileOrigin(tiles: MapTiles): string | null {
  if (!tiles.url) return null;
  const match = /^(https?):\/\/([^/]+)\//.exec(tiles.url);
  if (!match) return null;
  const host = match[2]!.replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
  return `${match[1]}://${host}`;
}
