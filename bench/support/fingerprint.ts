import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A hash of every file's path, size and modification time under the entries (node_modules and dist skipped). */
export function fingerprint(root: string, entries: string[], extra = ''): string {
  const hash = crypto.createHash('sha256').update(extra);
  const walk = (rel: string) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) if (name !== 'node_modules' && name !== 'dist') walk(path.join(rel, name));
    } else hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  entries.forEach(walk);
  return hash.digest('hex').slice(0, 16);
}

/** Runs `make` into `dir` unless `dir` was made from the same fingerprint. */
export async function cached(dir: string, print: string, make: () => Promise<void>): Promise<void> {
  const stamp = path.join(dir, '.fingerprint');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === print) return;
  fs.rmSync(dir, { recursive: true, force: true });
  await make();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(stamp, print);
}
