import { describe, expect, it } from 'vitest';
import { mapTileOrigin, mapTilesConfig } from '../../server/platform/mapTiles.ts';
import { geoProblem } from '../../src/shared/geo.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { contentSecurityPolicy } from '../../server/platform/http/securityHeaders.ts';

// The map's tile setting (PMS_MAP_TILE_URL): off by default, checked at start, and its origin
// (subdomains as a wildcard) is what the Content-Security-Policy lets images come from.

const fail = (message: string) => new Error(message);

describe('map tiles', () => {
  it('are off unless configured, and a configured template is checked', () => {
    expect(mapTilesConfig({}, fail)).toEqual({ url: '', attribution: '', subdomains: 'abc' });
    expect(mapTileOrigin(mapTilesConfig({}, fail))).toBeNull();
    const tiles = mapTilesConfig({ PMS_MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', PMS_MAP_TILE_ATTRIBUTION: '© 地图数据' }, fail);
    expect(mapTileOrigin(tiles)).toBe('https://*.tiles.example.com');
    expect(mapTileOrigin(mapTilesConfig({ PMS_MAP_TILE_URL: 'http://10.0.0.8:8081/tiles/{z}/{x}/{y}.png' }, fail))).toBe('http://10.0.0.8:8081');
    expect(() => mapTilesConfig({ PMS_MAP_TILE_URL: 'https://tiles.example.com/map.png' }, fail)).toThrow(/\{z\}, \{x\} and \{y\}/);
    expect(() => mapTilesConfig({ PMS_MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' }, fail)).toThrow(/PMS_MAP_TILE_URL/);
    // Images may come from the tile server only when one is configured.
    expect(contentSecurityPolicy(loadConfig({ NODE_ENV: 'test' }))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(contentSecurityPolicy(loadConfig({ NODE_ENV: 'test', PMS_MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' }))['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.com']);
  });

  it('geometry is read the same way by the picker and the server', () => {
    expect(geoProblem('point', { type: 'Point', coordinates: [121.47, 31.22] })).toBeNull();
    expect(geoProblem('point', { type: 'Point', coordinates: [121.47, -91] })).toMatch(/^纬度 -91 超出范围/);
    expect(geoProblem('polygon', { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] })).toBeNull();
    expect(geoProblem('polygon', { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]], [[0, 0], [1, 0], [1, 1], [0, 0]]] })).toBe('须为一个外边界（一组坐标）');
  });
});
