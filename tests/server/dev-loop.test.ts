import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.ts';
import { freePort } from '../support/server.ts';
import { copyTemplate } from '../support/templateDatabase.ts';
import { signedIn } from '../support/api.ts';
import { testPostgres } from '../support/postgresDatabases.ts';
// @ts-expect-error a plain ES module of the dev script, without types
import { startDevServer } from '../../scripts/devServer.mjs';

// Issue 41: `npm run dev` reloads a changed resource (one server process at a time, no nested
// watcher), refuses a broken schema with the validator's message while the last good one keeps
// serving, and keeps reacting change after change.

type Loop = { ready: Promise<void>; reloaded: () => Promise<void>; stop: () => Promise<void> };
const temp: string[] = [];
let loop: Loop | undefined;
afterAll(async () => {
  await loop?.stop();
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

// The dev loop's server runs on the SQLite file of its data folder (npm run dev): the PostgreSQL
// pass would run the same thing again.
describe.skipIf(Boolean(testPostgres()))('the dev loop', () => {
  it('serves a new field, refuses a broken file with its message and serves the fix, restart after restart', async () => {
    const schemas = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-dev-schemas-'));
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-dev-data-'));
    const stateFile = path.join(data, 'dev-state.json');
    temp.push(schemas, data);
    fs.cpSync(path.resolve(import.meta.dirname, '../../schemas'), schemas, { recursive: true });
    const port = await freePort();
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'error', PMS_DATA_DIR: data, PORT: String(port), HOST: '127.0.0.1', PMS_PUBLIC_URL: `http://127.0.0.1:${port}` };
    // The run's seeded template, as the other server tests start from (seeding takes minutes on a busy machine).
    await copyTemplate(loadConfig(env), {}, data);
    loop = startDevServer({ env: { ...process.env, ...env, PMS_SCHEMAS_DIR: schemas }, stateFile, log: () => undefined, stdio: 'pipe' }) as Loop;
    await loop.ready;
    const state = () => JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { state: string; errors: string[] };
    expect(state().state).toBe('ok');

    const file = path.join(schemas, 'settings/resources/label.json');
    const original = fs.readFileSync(file, 'utf8');
    const withField = (name: string) => original.replace('"fields": {', `"fields": {\n    "${name}": { "type": "string", "title": "开发备注", "maxLength": 20 },`);
    const firstLabel = async () => {
      const admin = await signedIn(`http://127.0.0.1:${port}`);
      const list = await admin.post('/api/business/label/list', { pageSize: 1 });
      expect(list.http).toBe(200);
      return Object.keys(list.body.data.records[0]);
    };
    expect(await firstLabel()).not.toContain('dev_note_0');

    // Two rounds and the fix: three reloads and two refusals after the first start (the old watcher died after three restarts).
    for (const round of [0, 1]) {
      fs.writeFileSync(file, withField(`dev_note_${round}`));
      await loop.reloaded();
      expect(state()).toMatchObject({ state: 'ok', errors: [] });
      expect(await firstLabel()).toContain(`dev_note_${round}`);

      // A syntax error: refused with its file, line and column; the last good schemas keep serving.
      fs.writeFileSync(file, withField(`dev_note_${round}`).replace('"title": "标签",', '"title": "标签"'));
      await loop.reloaded();
      expect(state().state).toBe('error');
      expect(state().errors.join('\n')).toMatch(/settings\/resources\/label\.json.*line \d+/);
      expect(await firstLabel()).toContain(`dev_note_${round}`);
    }
    fs.writeFileSync(file, withField('dev_note_fixed'));
    await loop.reloaded();
    expect(state().state).toBe('ok');
    expect(await firstLabel()).toContain('dev_note_fixed');
  }, 900_000);
});
