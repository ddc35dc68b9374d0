// Build-time only (vite.config.ts; kept in src/ so every copy of the build's sources has it).
// Chunk grouping of the build: the bundler's automatic splitting makes one chunk
// per set of lazy importers, and with every lazily loaded antd piece, field and page schema that
// came to about 75 chunks for one list page, which the browser fetches six at a time over
// HTTP/1.1. Here the modules that a few start-up roots import statically are grouped by which
// roots need them: one chunk for the signed-in shell, one for what the sign-in page shares with
// the rest, one per set of page kinds. Each root, and every other lazily imported module, stays a
// lazy chunk of its own; what only lazily loaded parts need is left to the automatic splitting.
import type { Plugin } from 'vite';

/** The roots, by group name: a module is grouped by the set of roots whose static imports reach it. */
const ROOTS = {
  entry: '/src/main.tsx',
  signIn: '/src/pages/login/UserLogin.tsx',
  shell: '/src/layout/BasicLayout.tsx',
  list: '/src/engine/ListPage.tsx',
  form: '/src/engine/FormRoute.tsx',
  detail: '/src/engine/DetailPage.tsx',
  tabs: '/src/engine/TabsPage.tsx',
  settings: '/src/engine/SettingsPage.tsx',
  report: '/src/engine/ReportPage.tsx',
} as const;
const KINDS: string[] = ['list', 'form', 'detail', 'tabs', 'settings', 'report'];

/**
 * The group of a module from the roots that reach it: none for the entry's own modules (they are
 * the entry chunk), `common` for what the sign-in page shares (so it loads nothing else), `shell`
 * for the rest of the shell's (every signed-in screen loads it), else `engine-<kinds>`.
 */
export function groupName(roots: Set<string>): string | null {
  if (roots.size === 0 || (roots.size === 1 && roots.has('signIn'))) return null;
  if (roots.has('entry') || roots.has('signIn')) return 'common';
  if (roots.has('shell')) return 'shell';
  return `engine-${KINDS.filter((k) => roots.has(k)).join('-')}`;
}

const IMPORT = /import\s+([^'";]*?)\s*from\s*["']([^"']+)["']/g;
const EXPORT_FROM = /export\s*(\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g;
const EXPORT_LIST = /export\s*\{([^}]*)\}(?!\s*from)/g;
const STATEMENTS = /(?:import|export)\s*[^'";]*?\s*from\s*["'][^"']+["'];?|export\s*\{[^}]*\};?|"use client";?|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/** `{ a, b as c }` → [a, c] as bound here (`local`) or [a, b] as named there (`remote`), in pairs. */
const pairs = (list: string) =>
  list
    .replace(/[{}]/g, '')
    .split(',')
    .map((s) => s.trim().split(/\s+as\s+/))
    .filter((p) => p[0])
    .map(([remote, local]) => ({ remote: remote!.trim(), local: (local ?? remote)!.trim() }));

/** What a module imports: per imported module, the names taken from it, or 'all' (a namespace or a bare import). */
type Taken = Map<string, Set<string> | 'all'>;

export interface Graph {
  ids: string[];
  imports(id: string): string[];
  exports(id: string): string[];
  code(id: string): string;
  resolve(spec: string, importer: string): Promise<string | undefined>;
}

/**
 * Static closures that see through barrels (antd's index, the icons', ahooks', Formily's): a
 * module that imports `{ Button }` from antd reaches antd's button, not every component the
 * index re-exports. A barrel is a module of imports and re-exports and next to nothing else.
 */
export async function closures(graph: Graph, roots: Record<string, string>): Promise<Map<string, Set<string>>> {
  const barrel = new Map<string, boolean>();
  const isBarrel = (id: string) => {
    if (!barrel.has(id)) barrel.set(id, graph.imports(id).length >= 10 && graph.code(id).replace(STATEMENTS, '').trim().length < 300);
    return barrel.get(id)!;
  };
  /** Per imported module (resolved), the names bound from it here. */
  const importsOf = async (id: string): Promise<{ taken: Taken; binding: Map<string, { from: string; name: string }> }> => {
    const taken: Taken = new Map();
    const binding = new Map<string, { from: string; name: string }>();
    const take = (target: string, names: string[] | 'all') => {
      const before = taken.get(target);
      taken.set(target, before === 'all' || names === 'all' ? 'all' : new Set([...(before ?? []), ...names]));
    };
    for (const [, clause, spec] of graph.code(id).matchAll(IMPORT)) {
      const target = await graph.resolve(spec!, id);
      if (!target) continue;
      const named = clause!.match(/\{[^}]*\}/)?.[0];
      const rest = clause!.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
      const bound = [...(rest && !/\*\s*as/.test(rest) ? [{ remote: 'default', local: rest }] : []), ...(named ? pairs(named) : [])];
      take(target, /\*\s*as/.test(rest) || bound.length === 0 ? 'all' : bound.map((p) => p.remote));
      for (const p of bound) binding.set(p.local, { from: target, name: p.remote });
    }
    return { taken, binding };
  };
  /** The modules behind a barrel's export `name`. */
  const lookup = async (id: string, name: string, depth = 0): Promise<string[]> => {
    const follow = async (target: string, remote: string) => (isBarrel(target) && depth < 5 ? lookup(target, remote, depth + 1) : [target]);
    const code = graph.code(id);
    const stars: string[] = [];
    for (const [, what, spec] of code.matchAll(EXPORT_FROM)) {
      const target = await graph.resolve(spec!, id);
      if (!target) continue;
      if (what === '*') stars.push(target);
      else for (const p of pairs(what!)) if (p.local === name) return follow(target, p.remote);
    }
    for (const [, list] of code.matchAll(EXPORT_LIST)) {
      for (const p of pairs(list!)) {
        if (p.local !== name) continue;
        const bound = (await importsOf(id)).binding.get(p.remote);
        if (bound) return follow(bound.from, bound.name);
      }
    }
    for (const target of stars) {
      if (isBarrel(target)) {
        const found = await lookup(target, name, depth + 1);
        if (found.length) return found;
      } else if (graph.exports(target).includes(name)) return [target];
    }
    return depth === 0 ? graph.imports(id) : [];
  };
  /** The modules `id` needs: its imports, each barrel's replaced by the modules behind the names taken from it. */
  const edges = async (id: string): Promise<string[]> => {
    const imports = graph.imports(id);
    if (isBarrel(id) || !imports.some(isBarrel)) return isBarrel(id) ? [] : imports;
    const { taken } = await importsOf(id);
    const out: string[] = [];
    for (const target of imports) {
      out.push(target);
      if (!isBarrel(target)) continue;
      const names = taken.get(target);
      if (names === undefined || names === 'all') out.push(...graph.imports(target));
      else for (const name of names) out.push(...(await lookup(target, name)));
    }
    return out;
  };
  const reachedBy = new Map<string, Set<string>>();
  for (const [root, suffix] of Object.entries(roots)) {
    const first = graph.ids.find((id) => id.endsWith(suffix));
    if (!first) throw new Error(`chunk groups: no module ${suffix}`);
    const stack = [first];
    const seen = new Set<string>();
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      (reachedBy.get(id) ?? reachedBy.set(id, new Set()).get(id)!).add(root);
      stack.push(...(await edges(id)));
    }
  }
  return reachedBy;
}

/** The plugin that works out the groups once the module graph is complete, and the name function the output's codeSplitting calls. */
export function chunkGroups(): { plugin: Plugin; name: (id: string) => string | null } {
  const groups = new Map<string, string>();
  const plugin: Plugin = {
    name: 'pms-chunk-groups',
    apply: 'build',
    async buildEnd() {
      groups.clear();
      const ids = [...this.getModuleIds()];
      const resolved = new Map<string, string | undefined>();
      const graph: Graph = {
        ids,
        imports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        exports: (id) => this.getModuleInfo(id)?.exports ?? [],
        code: (id) => this.getModuleInfo(id)?.code ?? '',
        resolve: async (spec, importer) => {
          const key = `${importer.slice(0, importer.lastIndexOf('/'))}\0${spec}`;
          if (!resolved.has(key)) resolved.set(key, (await this.resolve(spec, importer))?.id);
          return resolved.get(key);
        },
      };
      const lazy = new Set(ids.filter((id) => this.getModuleInfo(id)?.dynamicImporters.length));
      for (const [id, roots] of await closures(graph, ROOTS)) {
        const name = lazy.has(id) ? null : groupName(roots);
        if (name) groups.set(id, name);
      }
    },
  };
  return { plugin, name: (id) => groups.get(id) ?? null };
}
