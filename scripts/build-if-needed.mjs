// Builds the web app when dist/ is missing or older than any of its sources, so `npm start`
// always serves what is in the tree without rebuilding on every start.
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_SOURCES } from './buildSources.mjs';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'dist', 'index.html');

function newest(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
if (built && built >= Math.max(...BUILD_SOURCES.map(newest))) {
  console.log('web app is up to date (dist/)');
} else {
  console.log('building the web app…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
