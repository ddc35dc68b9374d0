/**
 * How schemas/ is laid out: one folder per business module, each holding its definitions by
 * kind (`schemas/<module>/pages/*.json`, `.../resources/*.json`, `.../reports/*.json`), beside
 * the shared `menus.json`, `endpoints.json` and the generated `meta/`.
 */
export const SCHEMA_KINDS = ['pages', 'resources', 'reports'] as const;
export type SchemaKind = (typeof SCHEMA_KINDS)[number];

/** Top-level entries of schemas/ that are not modules. */
export const SHARED_SCHEMA_ENTRIES = ['meta', 'menus.json', 'endpoints.json', 'README.md'];

const fileName = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/**
 * Orders schema files by file name, then path: the pages' order is the menu's order within a
 * group (the server's `menu.sort`, the browser's route table), and it must not depend on which
 * module a page sits in.
 */
export function byFileName(a: string, b: string): number {
  const [x, y] = [fileName(a), fileName(b)];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
