import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/app/routes.ts';

const SPEC_DIR = path.resolve(import.meta.dirname, '../../../shared/spec');

function specRoutes(): string[] {
  const file = path.join(SPEC_DIR, 'routes.txt');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

describe('route manifest', () => {
  it('has unique paths, each titled', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of ROUTES) expect(r.title, r.path).not.toBe('');
  });

  it('reports how many routes of the spec have a working screen', () => {
    const spec = specRoutes();
    const served = new Set(ROUTES.map((r) => r.path));
    const covered = spec.filter((r) => served.has(r));
    console.log(`spec routes with a screen: ${covered.length} of ${spec.length}`);
    if (spec.length) expect(covered.length).toBeGreaterThan(0);
  });
});
