import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { lintSchemas } from '../../scripts/lint-schemas.ts';
import { linkedSchemasCopy, rewrite } from './schemaTree.ts';


/**
 * The lint's findings on a copy of schemas/ with one file changed (`change` edits its JSON), the
 * files named relative to the copy, as the command line names them in the real tree. Each copy is
 * removed after its test. Call once per test file, at its top.
 */
export function lintsCorrupted(): (file: string, change: (doc: any) => void) => string[] {
  const copies: string[] = [];
  afterEach(() => {
    for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (file, change) => {
    const copy = linkedSchemasCopy();
    copies.push(copy);
    const target = path.join(copy, file);
    const doc = JSON.parse(fs.readFileSync(target, 'utf8'));
    change(doc);
    rewrite(target, JSON.stringify(doc, null, 2));
    return lintSchemas(copy, false).map((e) => e.replace(`${path.relative(process.cwd(), copy)}${path.sep}`, ''));
  };
}
