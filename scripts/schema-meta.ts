// Generates schemas/meta/*.schema.json from the TypeScript types in src/shared/schemaTypes.ts.
// `npm run schemas:meta` writes them; `--check` (run by the schema lint) fails when the
// committed files differ from what the types give.
import fs from 'node:fs';
import path from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';

const root = path.resolve(import.meta.dirname, '..');
export const META = { 'page.schema.json': 'PageSchema', 'resource.schema.json': 'ResourceDef', 'endpoints.schema.json': 'EndpointCatalogue', 'menus.schema.json': 'MenuCatalogue', 'report.schema.json': 'ReportDef' } as const;

export function generateMeta(): Record<string, string> {
  const generator = createGenerator({ path: path.join(root, 'src/shared/schemaTypes.ts'), tsconfig: path.join(root, 'scripts/schema-meta.tsconfig.json'), skipTypeCheck: true, additionalProperties: false });
  return Object.fromEntries(
    Object.entries(META).map(([file, type]) => {
      const schema = generator.createSchema(type);
      return [file, `${JSON.stringify({ ...schema, $id: file }, null, 2)}\n`];
    }),
  );
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const check = process.argv.includes('--check');
  const drifted: string[] = [];
  for (const [file, text] of Object.entries(generateMeta())) {
    const target = path.join(root, 'schemas/meta', file);
    if (check) {
      if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) drifted.push(file);
    } else fs.writeFileSync(target, text);
  }
  if (drifted.length) {
    console.error(`schemas/meta is out of date with src/shared/schemaTypes.ts: ${drifted.join(', ')}; run npm run schemas:meta`);
    process.exit(1);
  }
  console.log(check ? 'meta-schemas match the types' : 'meta-schemas written to schemas/meta/');
}
