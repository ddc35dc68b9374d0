import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaFiles } from '../../server/engine/schemaFiles.ts';

// The approval screens name each kind of approval in words: a module that declares a new kind
// (a resource's "approval") must name it there too, or its approvals show a bare code.
const root = path.resolve(import.meta.dirname, '../../schemas');
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('approval kinds are named on every approval screen', () => {
  it('lists each declared kind, by its declared label, in every 审批类型 column', () => {
    const declared = new Map<string, string>();
    for (const file of schemaFiles(root, 'resources')) {
      const approval = read(file).approval;
      for (const kind of approval ? [approval].flat() : []) declared.set(kind.kind, kind.label);
    }
    expect(declared.size).toBeGreaterThan(5);
    const columns: [string, Record<string, { text: string }>][] = [];
    const walk = (file: string, node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.field === 'biz_type' && n.enum) columns.push([path.relative(root, file), n.enum as Record<string, { text: string }>]);
      Object.values(n).forEach((child) => walk(file, child));
    };
    // The approval module's screens (other modules' biz_type fields are their own, e.g. a commission's business type).
    for (const file of schemaFiles(root, 'pages').filter((f) => path.relative(root, f).startsWith('approval/'))) walk(file, read(file));
    expect(columns.length).toBeGreaterThan(5);
    for (const [file, named] of columns) {
      for (const [kind, label] of declared) expect(named[kind]?.text, `${file}: kind "${kind}"`).toBe(label);
    }
  });
});
