// `npm run lint:schemas`: the checks of server/engine/schemaCheck.ts (which the server also runs at
// start), plus the meta-schemas against the TypeScript types. Exits non-zero on any error.
// PMS_SCHEMAS_DIR points it at another folder.
import fs from 'node:fs';
import path from 'node:path';
import { generateMeta } from './schema-meta.ts';
import { schemaFiles } from '../server/engine/schemaFiles.ts';
import { checkSchemas } from '../server/engine/schemaCheck.ts';
import { SCHEMA_KINDS } from '../src/shared/schemaLayout.ts';

export function lintSchemas(root: string, checkMeta = true): string[] {
  const errors: string[] = [];
  if (checkMeta) {
    for (const [name, text] of Object.entries(generateMeta())) {
      const file = path.join(root, 'meta', name);
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) errors.push(`${path.relative(process.cwd(), file)}#/: differs from src/shared/schemaTypes.ts; run npm run schemas:meta and commit the result`);
    }
  }
  return [...errors, ...checkSchemas(root)];
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const started = performance.now();
  const root = path.resolve(process.env.PMS_SCHEMAS_DIR ?? path.join(import.meta.dirname, '..', 'schemas'));
  const errors = lintSchemas(root);
  const count = SCHEMA_KINDS.reduce((n, kind) => n + schemaFiles(root, kind).length, 0);
  if (errors.length) {
    console.error(errors.join('\n'));
    console.error(`schema lint: ${errors.length} error(s)`);
    process.exit(1);
  }
  console.log(`schema lint: ${count} page, resource and report file(s) valid, cross-references checked (${Math.round(performance.now() - started)} ms)`);
}
