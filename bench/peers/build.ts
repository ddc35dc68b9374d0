// Builds the peers of the comparison: the bench list and form written by hand with antd (the
// product's own antd and React, from the root node_modules) and built with amis (React 18, its
// own package.json here, installed on first use). Output: bench/peers/dist/<peer>/, to be
// served under /peers/<peer>/ by the bench's server only.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { cached, fingerprint } from '../support/fingerprint.ts';
import { precompressPlugin } from '../../scripts/build/precompress.ts';

const HERE = import.meta.dirname;
export const PEERS = ['antd', 'amis'] as const;
export type Peer = (typeof PEERS)[number];
export const PEERS_DIST = path.join(HERE, 'dist');

function installAmis(): void {
  const dir = path.join(HERE, 'amis');
  if (fs.existsSync(path.join(dir, 'node_modules/amis/package.json'))) return;
  console.error('… installing the amis peer (npm install --prefix bench/peers/amis; mobx-react-lite 2 asks for React 16 but runs on 18)');
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Builds both peers when their sources changed; answers the directory holding them. */
export async function buildPeers(): Promise<string> {
  installAmis();
  const print = fingerprint(HERE, ['antd', 'amis', 'shared', 'build.ts'], fs.readFileSync(path.join(HERE, '../../src/shared/signature.ts'), 'utf8') + fs.readFileSync(path.join(HERE, '../../scripts/build/precompress.ts'), 'utf8'));
  await cached(PEERS_DIST, print, async () => {
    for (const peer of PEERS) {
      console.error(`… building the ${peer} peer`);
      const root = path.join(HERE, peer);
      await build({
        root,
        base: `/peers/${peer}/`,
        configFile: false,
        // amis's own code draws warnings (direct eval, CommonJS globals) that are not ours to fix.
        logLevel: 'error',
        // Served like the product's build (precompressed), so the comparison stays fair.
        plugins: [react(), precompressPlugin()],
        build: {
          outDir: path.join(PEERS_DIST, peer),
          emptyOutDir: true,
          chunkSizeWarningLimit: 10_000,
          // lightningcss rejects amis's IE hacks (`min-width: 0\0`); esbuild minifies them.
          cssMinify: 'esbuild',
          rollupOptions: { input: { list: path.join(root, 'list.html'), form: path.join(root, 'form.html') } },
        },
      });
    }
  });
  return PEERS_DIST;
}
