import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCE_TABLES_FILE, resourceTablesSource } from '../../scripts/resource-types.ts';

// A resource table is described once, by its JSON definition: the TypeScript row types are
// derived from it (npm run schemas:types) and must not drift from it.
describe('row types of the resource tables', () => {
  it('are those the resource definitions give (run npm run schemas:types after changing one)', () => {
    expect(fs.readFileSync(RESOURCE_TABLES_FILE, 'utf8')).toBe(resourceTablesSource());
  });

  it('type a required field as always present and an optional one as nullable', () => {
    const source = resourceTablesSource();
    const staff = source.slice(source.indexOf('  staff: {'), source.indexOf('  };', source.indexOf('  staff: {')));
    expect(staff).toContain('    account: string;');
    expect(staff).toContain('    gender: Generated<string | null>;');
    expect(staff).not.toContain('post_ids'); // a many-to-many field lives in its join table
  });
});
