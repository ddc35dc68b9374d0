// Brotli and gzip copies of a build's text files, written beside them (app.js → app.js.br,
// app.js.gz): the server sends the copy the browser accepts (@fastify/static `preCompressed`)
// instead of compressing every response again, or sending it uncompressed.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && COMPRESSIBLE.test(entry.name) && fs.statSync(file).size >= MIN_BYTES ? [file] : [];
  });
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) for each text file of `dir`; answers how many files. */
export async function precompress(dir: string): Promise<number> {
  const files = textFiles(dir);
  // All at once: zlib's asynchronous calls run on libuv's thread pool, so every core works.
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 9 }),
      ]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

/** Vite plugin: precompresses the output directory once the bundle is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'pms-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
