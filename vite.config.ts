import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { antdImports } from './scripts/build/antdImports.ts';
import { chunkGroups } from './scripts/build/chunkGroups.ts';
import { pageMeta } from './src/engine/pageMeta.ts';
import { clientResource } from './src/shared/resourceMeta.ts';
import { reportEndpointsMeta } from './src/shared/reportMeta.ts';
import { antdStaticStylePlugin } from './scripts/build/antdStaticStyle.ts';
import { firstScreenHintsPlugin } from './scripts/build/firstScreenHints.ts';
import { precompressPlugin } from './scripts/build/precompress.ts';
import { devStatePlugin, reloadingAnswer } from './scripts/build/devState.ts';

/** Paths the reference server answers; `npm run dev` proxies them to it. */
const SERVER = `http://localhost:${process.env.PMS_SERVER_PORT ?? 8080}`;
const proxied = ['/api', '/sso', '/mqtt', '/files', '/runtime-config.json'];

/** Cut-down views of schema files, by query: what the browser needs of them, not the whole file. */
const SCHEMA_VIEWS: Record<string, (json: never) => unknown> = {
  // `<page>.json?meta`: what routing needs (src/engine/pageMeta.ts).
  meta: pageMeta,
  // `<resource>.json?client`: endpoints and workflow, without the fields (src/shared/resourceMeta.ts).
  client: clientResource,
  // `<report>.json?endpoints`: what its endpoints need, for the shell (src/shared/reportMeta.ts).
  endpoints: reportEndpointsMeta,
};

export function pageMetaPlugin(): Plugin {
  return {
    name: 'pms-page-meta',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      const view = SCHEMA_VIEWS[query ?? ''];
      if (!view || !file!.endsWith('.json')) return null;
      this.addWatchFile(file!);
      return `export default ${JSON.stringify(view(JSON.parse(fs.readFileSync(file!, 'utf8')) as never))};`;
    },
  };
}

const groups = chunkGroups();

export default defineConfig({
  plugins: [react(), pageMetaPlugin(), antdImports(), groups.plugin, antdStaticStylePlugin(), firstScreenHintsPlugin(), precompressPlugin(), devStatePlugin()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: SERVER, ws: p === '/mqtt', changeOrigin: false, configure: reloadingAnswer }])),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // Read by tests/unit/bundle-size.test.ts (scripts/bundle-size.ts) to weigh each screen's JavaScript.
    manifest: true,
    rolldownOptions: {
      // Without it a chunk is shared by every importer of antd's (or Formily's) index: the
      // sign-in page would load the menu and tabs because the layout uses them.
      experimental: { lazyBarrel: true },
      // A few large chunks for the start-up code instead of dozens of small ones (scripts/build/chunkGroups.ts).
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: groups.name, debugName: 'pms-chunk-groups' }] } },
    },
  },
});
