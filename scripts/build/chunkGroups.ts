// Build-time only (vite.config.ts; kept in src/ so every copy of the build's sources has it).
// Chunk grouping of the build: the bundler's automatic splitting makes one chunk
// per set of lazy importers, and with every lazily loaded antd piece, field and page schema that
// came to about 75 chunks for one list page, which the browser fetches six at a time over
// HTTP/1.1. Here the modules that a few start-up roots import statically are grouped by which
// roots need them: one chunk for the signed-in shell, one for what the sign-in page shares with
// the rest, one per set of page kinds. Each root, and every other lazily imported module, stays a
// lazy chunk of its own; what only lazily loaded parts need is left to the automatic splitting.
import fs from 'node:fs';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';

/** The roots, by group name: a module is grouped by the set of roots whose static imports reach it. */
export const ROOTS = {
  entry: '/src/main.tsx',
  signIn: '/src/app/pages/UserLogin.tsx',
  shell: '/src/app/layout/BasicLayout.tsx',
  list: '/src/engine/ListPage.tsx',
  form: '/src/engine/FormRoute.tsx',
  detail: '/src/engine/DetailPage.tsx',
  tabs: '/src/engine/TabsPage.tsx',
  settings: '/src/engine/SettingsPage.tsx',
  report: '/src/engine/ReportPage.tsx',
  dashboard: '/src/engine/DashboardPage.tsx',
  // Like the dashboard, a root without a group of its own: it shares the list's filters and cells.
  calendar: '/src/engine/CalendarPage.tsx',
  // A report's drill-down screen: shares the report page's drill table.
  drill: '/src/engine/DrillPage.tsx',
} as const;
// The dashboard is a root (its first-screen hints name it) but no group of its own: what it shares
// with a kind goes with that kind, so other screens' files keep their partition (the list page
// loaded two more files, 1.5 KB more, when the landing page split the groups).
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
  const kinds = KINDS.filter((k) => roots.has(k));
  return kinds.length ? `engine-${kinds.join('-')}` : 'engine-dashboard';
}

type Statement = ReturnType<typeof parseAst>['body'][number];
type Name = { type: 'Identifier'; name: string } | { type: 'Literal'; value: string };
/** A name in an import or export list: an identifier, or a string (`export { x as "a-b" }`). */
const nameOf = (n: Name) => (n.type === 'Literal' ? n.value : n.name);

/** What a module's import and export statements say, read from its syntax tree (the bundler's own parser). */
interface ModuleSyntax {
  /** Per specifier imported, the names bound from it (remote as named there, local as bound here), or 'all' (a namespace or a bare import). */
  imports: { spec: string; names: { remote: string; local: string }[] | 'all' }[];
  /** Exported name → where it comes from: a specifier and the name there (`export { a as b } from`), or a local binding (`export { b }`). */
  exports: Map<string, { spec: string; name: string } | { local: string }>;
  /** Specifiers of `export * from`. */
  stars: string[];
  /** Characters of everything else: a barrel is a module of imports and re-exports and next to nothing else. */
  otherCode: number;
}

function readSyntax(code: string): ModuleSyntax {
  const syntax: ModuleSyntax = { imports: [], exports: new Map(), stars: [], otherCode: 0 };
  const isImportList = (s: Statement) => s.type === 'ImportDeclaration' || s.type === 'ExportAllDeclaration' || (s.type === 'ExportNamedDeclaration' && !s.declaration);
  for (const statement of parseAst(code).body) {
    if (statement.type === 'ImportDeclaration') {
      const names = statement.specifiers.map((sp) =>
        sp.type === 'ImportSpecifier' ? { remote: nameOf(sp.imported as Name), local: sp.local.name } : sp.type === 'ImportDefaultSpecifier' ? { remote: 'default', local: sp.local.name } : null,
      );
      syntax.imports.push({ spec: statement.source.value, names: names.length === 0 || names.includes(null) ? 'all' : (names as { remote: string; local: string }[]) });
    } else if (statement.type === 'ExportAllDeclaration') {
      if (statement.exported) syntax.exports.set(nameOf(statement.exported as Name), { spec: statement.source.value, name: '*' });
      else syntax.stars.push(statement.source.value);
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      const source = statement.source?.value;
      for (const sp of statement.specifiers) {
        const local = nameOf(sp.local as Name);
        syntax.exports.set(nameOf(sp.exported as Name), source === undefined ? { local } : { spec: source, name: local });
      }
    }
    // Directives ("use client") are no code either.
    if (!isImportList(statement) && !(statement.type === 'ExpressionStatement' && 'directive' in statement && statement.directive)) syntax.otherCode += statement.end - statement.start;
  }
  return syntax;
}

/** What a module imports: per imported module, the names taken from it, or 'all' (a namespace or a bare import). */
type Taken = Map<string, Set<string> | 'all'>;

export interface Graph {
  ids: string[];
  imports(id: string): string[];
  exports(id: string): string[];
  /** Whether the module's top-level code runs even when none of its names are used (its package does not declare it side-effect free). */
  sideEffects(id: string): boolean;
  code(id: string): string;
  resolve(spec: string, importer: string): Promise<string | undefined>;
}

/**
 * Static closures that see through barrels (antd's index, the icons', ahooks', Formily's): a
 * module that imports `{ Button }` from antd reaches antd's button, not every component the
 * index re-exports. A barrel is a module of at least ten imports and next to no code of its own.
 */
export async function closures(graph: Graph, roots: Record<string, string>): Promise<Map<string, Set<string>>> {
  const syntaxes = new Map<string, ModuleSyntax>();
  const syntaxOf = (id: string) => syntaxes.get(id) ?? syntaxes.set(id, readSyntax(graph.code(id))).get(id)!;
  const barrel = new Map<string, boolean>();
  const isBarrel = (id: string) => {
    if (!barrel.has(id)) barrel.set(id, graph.imports(id).length >= 10 && syntaxOf(id).otherCode < 300);
    return barrel.get(id)!;
  };
  /** Per imported module (resolved), the names taken from it, and where each local binding comes from. */
  const importsOf = async (id: string): Promise<{ taken: Taken; binding: Map<string, { from: string; name: string }> }> => {
    const taken: Taken = new Map();
    const binding = new Map<string, { from: string; name: string }>();
    for (const { spec, names } of syntaxOf(id).imports) {
      const target = await graph.resolve(spec, id);
      if (!target) continue;
      const before = taken.get(target);
      taken.set(target, before === 'all' || names === 'all' ? 'all' : new Set([...(before ?? []), ...names.map((n) => n.remote)]));
      if (names !== 'all') for (const n of names) binding.set(n.local, { from: target, name: n.remote });
    }
    return { taken, binding };
  };
  /** The modules behind a barrel's export `name`. */
  const lookup = async (id: string, name: string, depth = 0): Promise<string[]> => {
    const follow = async (target: string, remote: string): Promise<string[]> => {
      // `export * as ns from`: the whole module.
      if (remote === '*') return isBarrel(target) ? [target, ...graph.imports(target)] : [target];
      return isBarrel(target) && depth < 5 ? lookup(target, remote, depth + 1) : [target];
    };
    const { exports, stars } = syntaxOf(id);
    const source = exports.get(name);
    if (source && 'spec' in source) {
      const target = await graph.resolve(source.spec, id);
      if (target) return follow(target, source.name);
    } else if (source) {
      const bound = (await importsOf(id)).binding.get(source.local);
      if (bound) return follow(bound.from, bound.name);
    }
    for (const spec of stars) {
      const target = await graph.resolve(spec, id);
      if (!target) continue;
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
    if (isBarrel(id)) return [];
    if (!imports.some(isBarrel)) return imports;
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
  // A module that only barrels import, none of whose names was taken, still runs with them when
  // its package does not say it is free of side effects (cssinjs's logical-properties transformer,
  // which the bundler keeps for its top-level calls): it goes with them, not into a chunk of its own.
  const importers = new Map<string, string[]>();
  for (const id of graph.ids) for (const target of graph.imports(id)) (importers.get(target) ?? importers.set(target, []).get(target)!).push(id);
  for (const [id, by] of importers) {
    if (reachedBy.has(id) || !graph.sideEffects(id) || !by.every((i) => reachedBy.has(i) && isBarrel(i))) continue;
    reachedBy.set(id, new Set(by.flatMap((i) => [...reachedBy.get(i)!])));
  }
  return reachedBy;
}

const packageFields = new Map<string, unknown>();
/** The `sideEffects` field of the package a file belongs to (undefined: not declared, so every module may have some). */
function packageSideEffects(file: string): unknown {
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return false;
  const rest = file.slice(at + '/node_modules/'.length).split('/');
  const dir = file.slice(0, at + '/node_modules/'.length) + rest.slice(0, rest[0]!.startsWith('@') ? 2 : 1).join('/');
  if (!packageFields.has(dir)) {
    try {
      packageFields.set(dir, (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { sideEffects?: unknown }).sideEffects);
    } catch {
      packageFields.set(dir, false);
    }
  }
  return packageFields.get(dir);
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
        sideEffects: (id) => packageSideEffects(id) === undefined,
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
