import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pageMeta } from './src/engine/pageMeta.ts';

/** Paths the reference server answers; `npm run dev` proxies them to it. */
const SERVER = `http://localhost:${process.env.PMS_SERVER_PORT ?? 8080}`;
const proxied = ['/api', '/sso', '/mqtt', '/files', '/runtime-config.json'];

/** `<page>.json?meta` is the page schema cut down to what routing needs (src/engine/pageMeta.ts). */
export function pageMetaPlugin(): Plugin {
  return {
    name: 'pms-page-meta',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'meta' || !file!.endsWith('.json')) return null;
      this.addWatchFile(file!);
      return `export default ${JSON.stringify(pageMeta(JSON.parse(fs.readFileSync(file!, 'utf8'))))};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), pageMetaPlugin()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: SERVER, ws: p === '/mqtt', changeOrigin: false }])),
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
    },
  },
});
