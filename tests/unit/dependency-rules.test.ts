import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';

// The direction of imports (.dependency-cruiser.cjs), checked by `npm run lint:deps` in `npm test`.
// Here the same rules run over a miniature tree, so each rule is shown to refuse what it must.
const ROOT = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
const trees: string[] = [];

/** Cruises a tree of files (path → imports) laid out like the product; answers "rule: from → to" per violation. */
async function violations(files: Record<string, string[]>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-deps-'));
  trees.push(dir);
  for (const [file, imports] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    const lines = imports.map((target, i) => `import * as m${i} from '${path.posix.relative(path.posix.dirname(file), target).replace(/^(?!\.)/, './')}';\nvoid m${i};`);
    fs.writeFileSync(path.join(dir, file), `${lines.join('\n')}\nexport const x = 1;\n`);
  }
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const { output } = await cruise(['server', 'src'], { ruleSet: { forbidden: config.forbidden }, validate: true, tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' } });
    return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

afterAll(() => {
  for (const dir of trees) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the direction of imports', () => {
  it('accepts imports that go down the layers and between modules through public.ts', async () => {
    expect(
      await violations({
        'src/shared/types.ts': [],
        'server/platform/db.ts': ['src/shared/types.ts'],
        'server/engine/scope.ts': ['server/platform/db.ts'],
        'server/modules/org/people.ts': ['server/engine/scope.ts'],
        'server/modules/org/public.ts': ['server/modules/org/people.ts'],
        'server/modules/workorder/sla.ts': ['server/modules/org/public.ts'],
        'server/app.ts': ['server/modules/workorder/sla.ts'],
      }),
    ).toEqual([]);
  });

  it('refuses an upward import, naming it', async () => {
    expect(
      await violations({
        'server/platform/db.ts': ['server/engine/scope.ts'],
        'server/engine/scope.ts': [],
        'server/engine/list.ts': ['server/modules/org/people.ts'],
        'server/modules/org/people.ts': [],
        'server/modules/org/tables.ts': ['server/app.ts'],
        'server/app.ts': [],
        'server/modules/patrol/plan.ts': ['src/engine/fields.ts'],
        'src/engine/fields.ts': ['src/app/routes.ts'],
        'src/app/routes.ts': [],
        'src/core/request.ts': ['src/engine/data.ts'],
        'src/engine/data.ts': [],
      }),
    ).toEqual(
      expect.arrayContaining([
        'platform-below-engine: server/platform/db.ts → server/engine/scope.ts',
        'engine-below-modules: server/engine/list.ts → server/modules/org/people.ts',
        'server-module-below-app: server/modules/org/tables.ts → server/app.ts',
        'server-uses-only-shared-web-code: server/modules/patrol/plan.ts → src/engine/fields.ts',
        'web-engine-below-modules: src/engine/fields.ts → src/app/routes.ts',
        'core-below-engine: src/core/request.ts → src/engine/data.ts',
      ]),
    );
  });

  it("refuses a module reaching into another module's files, and any cycle", async () => {
    const found = await violations({
      'server/modules/org/people.ts': [],
      'server/modules/workorder/sla.ts': ['server/modules/org/people.ts'],
      'src/modules/hotline/callState.ts': [],
      'src/modules/returnVisit/Questionnaire.ts': ['src/modules/hotline/callState.ts'],
      'server/engine/a.ts': ['server/engine/b.ts'],
      'server/engine/b.ts': ['server/engine/a.ts'],
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'server-module-through-public: server/modules/workorder/sla.ts → server/modules/org/people.ts',
        'web-module-through-public: src/modules/returnVisit/Questionnaire.ts → src/modules/hotline/callState.ts',
        'no-circular: server/engine/a.ts → server/engine/b.ts',
      ]),
    );
  });
});
