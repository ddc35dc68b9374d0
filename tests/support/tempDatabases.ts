import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type SqliteDatabase as OpenedDatabase } from '../../server/platform/db/index.ts';

/** Databases in temporary folders for a test file: closed and removed after each test. */
export function temporaryDatabases(prefix: string) {
  const opened = new Set<OpenedDatabase>();
  const dirs = new Set<string>();
  afterEach(async () => {
    for (const d of opened) await d.close();
    opened.clear();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    dirs.clear();
  });
  return {
    /** Opens the database in `dir` (a restart), or in a new temporary folder. */
    open(dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))): OpenedDatabase & { dir: string } {
      dirs.add(dir);
      const d = openDatabase(dir);
      opened.add(d);
      return Object.assign(d, { dir });
    },
    /** Closes one before the test ends. */
    async close(d: OpenedDatabase): Promise<void> {
      opened.delete(d);
      await d.close();
    },
  };
}
