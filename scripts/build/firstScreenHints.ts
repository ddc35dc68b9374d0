// The code of each schema screen's first load, for the server to name in the page it sends
// (server/platform/http/firstScreen.ts): the browser then fetches the screen's chunks while it parses
// the start-up code, instead of once that code has run and asked for them (a cold load of the
// bench form waited ~100 ms for that second round, #11). Written after the build as
// FIRST_SCREENS_FILE in dist/: route → the URLs of the chunks the screen loads before its first
// render, beyond the entry's own (which index.html already names).
import fs from 'node:fs';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';
import { lazyChunkOf, readManifest, staticClosure, type Manifest } from '../bundle-size.ts';
import { ROOTS } from './chunkGroups.ts';
import { pageMeta, type PageMeta } from '../../src/engine/pageMeta.ts';
import type { LazyFieldChunk } from '../../src/engine/fast/lazyFieldCode.ts';
import { FIRST_SCREENS_FILE } from '../../src/shared/firstScreens.ts';
const LAZY_FIELD_LOADERS = 'src/engine/fast/lazyFieldLoaders.ts';

type Node = { type: string; [key: string]: unknown };

/** The module each lazy field chunk's loader imports, as written in lazyFieldLoaders.ts: `name: () => import('spec')`. */
function loaderSpecifiers(code: string): Map<string, string> {
  const specifiers = new Map<string, string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'Property') {
      const key = n.key as { name?: string; value?: string };
      const body = (n.value as Node | undefined)?.body as Node | undefined;
      const source = body?.type === 'ImportExpression' ? (body.source as { value?: unknown }).value : undefined;
      if (typeof source === 'string') specifiers.set(key.name ?? String(key.value), source);
    }
    Object.values(n).forEach(visit);
  };
  visit(parseAst(code));
  return specifiers;
}

/** What the router loads for a schema page before it renders it (src/app/routes.ts `schemaScreen`, main.tsx). */
function screenModules(meta: PageMeta, page: string, lazyFields: Map<LazyFieldChunk, string>): string[] | undefined {
  // An alias's screen also needs its detail page's schema, which its routing keys do not name.
  if (meta.kind === 'bespoke' || meta.kind === 'alias') return undefined;
  const root = (key: keyof typeof ROOTS) => ROOTS[key].slice(1);
  return [
    root('shell'),
    root(meta.kind),
    page,
    ...(meta.kind === 'list' ? ['src/engine/fast/firstList.ts'] : []),
    ...(meta.lazyFields ?? []).map((chunk) => lazyFields.get(chunk)!),
  ];
}

/** Route → chunk URLs (under the build's `base`), from the build's manifest and the page schemas it bundled. */
export function firstScreens(root: string, base: string, manifest: Manifest, lazyFields: Map<LazyFieldChunk, string>): Record<string, string[]> {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const inEntry = staticClosure(manifest, [entry]);
  const screens: Record<string, string[]> = {};
  for (const page of Object.keys(manifest).filter((key) => /^schemas\/[^/]+\/pages\/[^/]+\.json$/.test(key))) {
    const meta = pageMeta(JSON.parse(fs.readFileSync(path.join(root, page), 'utf8')));
    const modules = screenModules(meta, page, lazyFields);
    if (!modules) continue;
    const chunks = [...staticClosure(manifest, modules.map((src) => lazyChunkOf(manifest, src) ?? src))].filter((key) => !inEntry.has(key));
    screens[meta.route] = chunks.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')).map((file) => base + file);
  }
  return screens;
}

/** Vite plugin: writes FIRST_SCREENS_FILE beside the manifest once the bundle is written. */
export function firstScreenHintsPlugin(): Plugin {
  let root = '';
  let base = '/';
  let outDir = '';
  const lazyFields = new Map<LazyFieldChunk, string>();
  return {
    name: 'pms-first-screen-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async buildEnd() {
      // The manifest names a module by its path from the root, as resolved (node_modules' real path).
      const loaders = path.join(root, LAZY_FIELD_LOADERS);
      const code = this.getModuleInfo(loaders)?.code ?? fs.readFileSync(loaders, 'utf8');
      for (const [chunk, spec] of loaderSpecifiers(code)) {
        const resolved = (await this.resolve(spec, loaders))?.id;
        if (!resolved) this.error(`${LAZY_FIELD_LOADERS}: cannot resolve ${spec}`);
        lazyFields.set(chunk as LazyFieldChunk, path.relative(root, resolved).split(path.sep).join('/'));
      }
    },
    writeBundle() {
      const screens = firstScreens(root, base, readManifest(outDir), lazyFields);
      fs.writeFileSync(path.join(outDir, FIRST_SCREENS_FILE), JSON.stringify(screens));
    },
  };
}
