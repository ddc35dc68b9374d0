// The JavaScript a screen needs, read from a build's Vite manifest (dist/.vite/manifest.json):
// the entry (index.html) with every chunk it imports statically, plus the lazy chunks a route
// loads and their static imports. Sizes are gzip at level 9, as a server would send them.
// `npx tsx scripts/bundle-size.ts [dist]` prints them with the heaviest chunks of each.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The manifest key of the lazy chunk holding a module: its own key when it is a dynamic entry,
 * else the dynamically imported chunk named after it (the bundler merged it with a chunk that
 * only it and another screen share), else undefined: the module is not loaded lazily.
 */
export function lazyChunkOf(manifest: Manifest, src: string): string | undefined {
  if (manifest[src]) return manifest[src].isDynamicEntry ? src : undefined;
  const name = path.basename(src).replace(/\.[^.]+$/, '');
  const imported = new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []));
  return [...imported].find((key) => key.startsWith('_') && manifest[key]?.name === name);
}

/** Manifest keys of the chunks loaded with `keys`: themselves and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk "${key}" (is it still a lazy chunk?)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) gzipCache.set(file, (size = gzipSync(fs.readFileSync(file), { level: 9 }).length));
  return size;
}

export interface ScreenWeight {
  /** Gzip bytes of all the JavaScript files together. */
  gzip: number;
  chunks: { file: string; gzip: number }[];
}

function entryOf(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  return entry;
}

/** The JavaScript a cold load of a screen fetches: the entry plus the lazy chunks of the modules `lazy` (source paths). */
export function screenWeight(dist: string, manifest: Manifest, lazy: string[]): ScreenWeight {
  const chunkKeys = lazy.map((src) => {
    const key = lazyChunkOf(manifest, src);
    if (!key) throw new Error(`${src} is not a lazy chunk`);
    return key;
  });
  const chunks = [...staticClosure(manifest, [entryOf(manifest), ...chunkKeys])]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipBytes(path.join(dist, file)) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { gzip: chunks.reduce((sum, c) => sum + c.gzip, 0), chunks };
}

/** Source modules that must each be a lazy chunk of their own and never part of the entry's static graph. */
export function eagerlyLoaded(manifest: Manifest, sources: string[]): string[] {
  const eager = staticClosure(manifest, [entryOf(manifest)]);
  return sources.filter((src) => {
    const key = lazyChunkOf(manifest, src);
    return !key || eager.has(key);
  });
}

if (process.argv[1] === import.meta.filename) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const manifest = readManifest(dist);
  const screens: Record<string, string[]> = {
    'sign-in (/userlogin)': ['src/app/pages/UserLogin.tsx'],
    'schema list page': process.argv.slice(3).length ? process.argv.slice(3) : ['src/app/layout/BasicLayout.tsx', 'src/engine/ListPage.tsx'],
  };
  for (const [name, lazy] of Object.entries(screens)) {
    const weight = screenWeight(dist, manifest, lazy);
    console.log(`\n${name}: ${(weight.gzip / 1024).toFixed(1)} KB gzip in ${weight.chunks.length} files`);
    for (const c of weight.chunks.slice(0, 15)) console.log(`  ${(c.gzip / 1024).toFixed(1).padStart(7)} KB  ${c.file}`);
  }
}
