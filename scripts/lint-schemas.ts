// `npm run lint:schemas`: every JSON file under schemas/ must parse and validate (ajv, strict,
// all errors) against the meta-schema its `$schema` names. Each error names the file, the JSON
// pointer and what is wrong; the command exits non-zero on any error.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';

const root = path.resolve(import.meta.dirname, '..', 'schemas');
const metaDir = path.join(root, 'meta');

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return jsonFiles(full);
    return e.name.endsWith('.json') ? [full] : [];
  });
}

const ajv = new Ajv2020({ strict: true, allErrors: true });
const metaSchemas = jsonFiles(metaDir);
for (const file of metaSchemas) ajv.addSchema(JSON.parse(fs.readFileSync(file, 'utf8')), path.relative(root, file));

const errors: string[] = [];
const documents = jsonFiles(root).filter((f) => !f.startsWith(metaDir + path.sep));
for (const file of documents) {
  const rel = path.relative(process.cwd(), file);
  let doc: { $schema?: string };
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    errors.push(`${rel}: not valid JSON (${(error as Error).message}); fix the syntax`);
    continue;
  }
  if (!doc.$schema) {
    errors.push(`${rel}: missing "$schema"; point it at the meta-schema under schemas/meta/`);
    continue;
  }
  const id = path.relative(root, path.resolve(path.dirname(file), doc.$schema));
  const validate = ajv.getSchema(id);
  if (!validate) {
    errors.push(`${rel}: "$schema" names ${doc.$schema}, which is not a meta-schema under schemas/meta/`);
    continue;
  }
  if (!validate(doc)) {
    for (const e of validate.errors ?? []) errors.push(`${rel}#${e.instancePath || '/'}: ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
}

if (errors.length) {
  console.error(errors.join('\n'));
  console.error(`schema lint: ${errors.length} error(s) in ${documents.length} file(s)`);
  process.exit(1);
}
console.log(`schema lint: ${documents.length} file(s) valid against ${metaSchemas.length} meta-schema(s)`);
