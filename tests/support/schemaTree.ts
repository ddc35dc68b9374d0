import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCHEMAS = path.resolve(import.meta.dirname, '../../schemas');

/**
 * A copy of schemas/ for a test to change: its files are hard links to the real ones. Copying the
 * 600-odd files, dozens of times a test file, was most of the lint tests' (system) time. A linked
 * file shares its content with the real one, so change a file only through `rewrite`; new files,
 * renames and removals are the copy's own.
 */
export function linkedSchemasCopy(prefix = 'pms-lint-'): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of fs.readdirSync(SCHEMAS, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(SCHEMAS, path.join(entry.parentPath, entry.name));
    if (entry.isDirectory()) fs.mkdirSync(path.join(copy, relative), { recursive: true });
    else {
      fs.mkdirSync(path.dirname(path.join(copy, relative)), { recursive: true });
      fs.linkSync(path.join(SCHEMAS, relative), path.join(copy, relative));
    }
  }
  return copy;
}

/** Writes `text` to a file of a linked copy: the link is replaced by a file of its own first, so the real file stays as it is. */
export function rewrite(file: string, text: string): void {
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, text);
}
