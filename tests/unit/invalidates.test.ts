import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/engine/catalogue.ts';
import type { Invalidation } from '../../src/shared/schemaTypes.ts';

const catalogue = loadCatalogue(path.resolve(import.meta.dirname, '../../schemas'));
const callsMaking = (cache: Invalidation) => [...catalogue.endpoints.values()].filter((e) => e.invalidates?.includes(cache)).map((e) => e.id).sort();

/** What the engine once knew by name (MENU_WRITES, the `dict_` prefix) is now declared by the resources. */
describe('calls that make a browser cache stale', () => {
  it('reload the menus after a change to a menu entry', () => {
    expect(callsMaking('menus')).toEqual(['menu.enable', 'menu.update']);
  });

  it('forget the dictionaries after any write to a dictionary, and only a write', () => {
    expect(callsMaking('dictionaries')).toEqual(['dict_item.add', 'dict_item.delete', 'dict_item.enable', 'dict_item.import', 'dict_item.update', 'dict_type.add', 'dict_type.delete', 'dict_type.enable', 'dict_type.update']);
  });
});
