import fs from 'node:fs';
import path from 'node:path';
import { byFileName, SCHEMA_KINDS, SHARED_SCHEMA_ENTRIES, type SchemaKind } from '../../src/shared/schemaLayout.ts';

const isDir = (dir: string) => fs.existsSync(dir) && fs.statSync(dir).isDirectory();

/** The module folders of a schemas folder (schemas/<module>/). */
function moduleDirs(root: string): string[] {
  if (!isDir(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !SHARED_SCHEMA_ENTRIES.includes(e.name))
    .map((e) => path.join(root, e.name));
}

/** Every `<root>/<module>/<kind>/*.json`, in menu order (byFileName). */
export function schemaFiles(root: string, kind: SchemaKind): string[] {
  return moduleDirs(root)
    .flatMap((dir) => {
      const kindDir = path.join(dir, kind);
      return isDir(kindDir) ? fs.readdirSync(kindDir).filter((f) => f.endsWith('.json')).map((f) => path.join(kindDir, f)) : [];
    })
    .sort((a, b) => byFileName(a.split(path.sep).join('/'), b.split(path.sep).join('/')));
}

/** JSON files under root that no reader finds (outside `<module>/<kind>/` and the shared files), e.g. in the flat `pages/` of old. */
export function strayFiles(root: string): string[] {
  if (!isDir(root)) return [];
  const found = new Set(SCHEMA_KINDS.flatMap((kind) => schemaFiles(root, kind)));
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((rel) => path.join(root, rel))
    .filter((file) => file.endsWith('.json') && !found.has(file) && !SHARED_SCHEMA_ENTRIES.includes(path.relative(root, file).split(path.sep)[0]!))
    .sort();
}
