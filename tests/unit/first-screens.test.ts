import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyChunkOf, readManifest, staticClosure } from '../../scripts/bundle-size.ts';
import { FIRST_SCREENS_FILE } from '../../src/shared/firstScreens.ts';
import { pageMeta } from '../../src/engine/pageMeta.ts';
import { schemaFiles } from '../../server/engine/schemaFiles.ts';

// Reads the build that `npm test` makes before vitest runs (dist/, with Vite's manifest).
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');

const RENDERERS = { list: 'src/engine/ListPage.tsx', form: 'src/engine/FormRoute.tsx', detail: 'src/engine/DetailPage.tsx', tabs: 'src/engine/TabsPage.tsx', settings: 'src/engine/SettingsPage.tsx', report: 'src/engine/ReportPage.tsx', dashboard: 'src/engine/DashboardPage.tsx', calendar: 'src/engine/CalendarPage.tsx', drill: 'src/engine/DrillPage.tsx' };

describe("the build's first-screen hints (issue 11)", () => {
  const manifest = readManifest(DIST);
  const screens = JSON.parse(fs.readFileSync(path.join(DIST, FIRST_SCREENS_FILE), 'utf8')) as Record<string, string[]>;
  // The build's base is /.
  const urlOf = (src: string) => `/${manifest[lazyChunkOf(manifest, src) ?? src]!.file}`;
  const pages = schemaFiles(path.join(ROOT, 'schemas'), 'pages').map((file) => ({ file: path.relative(ROOT, file).split(path.sep).join('/'), meta: pageMeta(JSON.parse(fs.readFileSync(file, 'utf8'))) }));

  it('names the code of every schema screen: the shell, its kind of renderer and its own schema, each file once', () => {
    const schemaPages = pages.filter((p) => p.meta.kind !== 'bespoke' && p.meta.kind !== 'alias');
    expect(Object.keys(screens).sort()).toEqual(schemaPages.map((p) => p.meta.route).sort());
    for (const { file, meta } of schemaPages) {
      const files = screens[meta.route]!;
      expect(new Set(files).size, meta.route).toBe(files.length);
      const renderer = RENDERERS[meta.kind as keyof typeof RENDERERS];
      for (const src of ['src/app/layout/BasicLayout.tsx', renderer, file]) expect(files, `${meta.route}: ${src}`).toContain(urlOf(src));
      for (const url of files) expect(fs.existsSync(path.join(DIST, url)), url).toBe(true);
    }
  });

  it("adds a list's early call and a form's lazily loaded field code, and leaves out what the page itself loads", () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const startUp = [...staticClosure(manifest, [entry])].map((key) => `/${manifest[key]!.file}`);
    for (const files of Object.values(screens)) expect(files.filter((f) => startUp.includes(f))).toEqual([]);
    expect(screens['/business-settings/label-manager']).toContain(urlOf('src/engine/fast/firstList.ts'));
    // The label form's number field: Formily's number picker, a chunk of its own.
    expect(screens['/label-create']!.some((f) => /\/number-picker-[^/]+\.js$/.test(f))).toBe(true);
    expect(screens['/business-settings/label-manager']!.some((f) => /\/number-picker-[^/]+\.js$/.test(f))).toBe(false);
  });
});
