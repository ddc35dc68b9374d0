import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closures, groupName, type Graph } from '../../scripts/build/chunkGroups.ts';
import { readManifest, screenWeight } from '../../scripts/bundle-size.ts';

/** A module graph written out by hand: id → code, imports resolved by the specifier's name. */
function graphOf(modules: Record<string, { code: string; imports?: string[]; exports?: string[]; sideEffects?: boolean }>): Graph {
  return {
    ids: Object.keys(modules),
    code: (id) => modules[id]?.code ?? '',
    imports: (id) => modules[id]?.imports ?? [],
    exports: (id) => modules[id]?.exports ?? [],
    sideEffects: (id) => modules[id]?.sideEffects ?? false,
    resolve: async (spec) => (spec.replace(/^\.\//, '/lib/') in modules ? spec.replace(/^\.\//, '/lib/') : spec in modules ? spec : undefined),
  };
}

const components = Array.from({ length: 12 }, (_, i) => `/lib/c${i}`);
const LIBRARY = {
  // A barrel: re-exports and nothing else.
  lib: { code: components.map((_, i) => `export { default as C${i} } from './c${i}';`).join('\n'), imports: components },
  ...Object.fromEntries(components.map((c) => [c, { code: 'export default 1;', exports: ['default'] }])),
};

describe('chunk groups of the build', () => {
  it('follows a barrel only to the names each module takes from it', async () => {
    const graph = graphOf({
      ...LIBRARY,
      '/src/a.tsx': { code: `import { C1, C2 as Two } from "lib";`, imports: ['lib'] },
      '/src/b.tsx': { code: `import { C2 } from "lib";`, imports: ['lib'] },
      '/src/c.tsx': { code: `import * as all from "lib";`, imports: ['lib'] },
    });
    const reached = await closures(graph, { a: '/src/a.tsx', b: '/src/b.tsx', c: '/src/c.tsx' });
    expect([...reached.get('/lib/c1')!].sort()).toEqual(['a', 'c']);
    expect([...reached.get('/lib/c2')!].sort()).toEqual(['a', 'b', 'c']);
    // A namespace import takes everything the barrel re-exports.
    expect([...reached.get('/lib/c9')!]).toEqual(['c']);
  });

  it('reads import and export statements, not text that looks like them', async () => {
    const graph = graphOf({
      ...LIBRARY,
      // A barrel that imports, then exports its bindings under other names.
      local: {
        code: components.map((_, i) => `import L${i} from './c${i}';`).join('\n') + `\nexport { ${components.map((_, i) => `L${i} as K${i}`).join(', ')} };`,
        imports: components,
      },
      '/src/d.tsx': {
        code: `const text = "import { C5 } from 'lib'";\n// import { C6 } from "lib";\nimport { C3 } from "lib";\nimport { K7 as seven } from "local";`,
        imports: ['lib', 'local'],
      },
    });
    const reached = await closures(graph, { d: '/src/d.tsx' });
    expect([...reached.keys()].filter((id) => id.startsWith('/lib/')).sort()).toEqual(['/lib/c3', '/lib/c7']);
  });

  it('takes along what a barrel imports for its side effects: it runs whichever names are taken', async () => {
    const graph = graphOf({
      ...LIBRARY,
      '/lib/c4': { code: 'globalThis.styles = 1; export default 1;', exports: ['default'], sideEffects: true },
      '/src/e.tsx': { code: `import { C1 } from "lib";`, imports: ['lib'] },
    });
    const reached = await closures(graph, { e: '/src/e.tsx' });
    expect([...reached.keys()].filter((id) => id.startsWith('/lib/')).sort()).toEqual(['/lib/c1', '/lib/c4']);
  });

  it('names a group by the roots that need a module: what sign-in shares goes with the entry, the shell is one chunk', () => {
    expect(groupName(new Set(['signIn']))).toBeNull();
    expect(groupName(new Set(['entry', 'shell', 'list']))).toBe('common');
    expect(groupName(new Set(['signIn', 'shell']))).toBe('common');
    expect(groupName(new Set(['shell', 'list', 'form']))).toBe('shell');
    expect(groupName(new Set(['form', 'list']))).toBe('engine-list-form');
  });

  // Reads the build that `npm test` makes before vitest runs (dist/, with Vite's manifest).
  it('keeps the first load of a list page and of a form to a few files', () => {
    const dist = path.resolve(import.meta.dirname, '../../dist');
    const manifest = readManifest(dist);
    for (const kind of ['src/engine/ListPage.tsx', 'src/engine/FormRoute.tsx']) {
      const files = screenWeight(dist, manifest, ['src/app/layout/BasicLayout.tsx', kind]).chunks.length;
      console.log(`${kind} with the shell: ${files} JavaScript files`);
      // About 75 before the start-up code was grouped; six at a time over HTTP/1.1.
      expect(files, kind).toBeLessThanOrEqual(20);
    }
  });
});
