import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './index.ts';
import { isPostgres } from './dialect.ts';

/** The platform's own migrations (sessions, grants, files, push); each module has a folder of its own. */
export const PLATFORM_MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/**
 * Migrations live in code, one file each, named by the time they were written
 * (`2026_11_28_1405_what_it_does.ts`, default export a Kysely Migration), in the folder of the
 * platform or the module whose tables they change; they run in name order across all folders
 * and are never edited once released. Types stay portable between SQLite and PostgreSQL
 * (integer, text, real).
 */
export function folderMigrations(folders: string[]): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const folder of folders) {
        for (const file of fs.readdirSync(folder).filter((f) => /^\d{4}_\d{2}_.+\.ts$/.test(f))) {
          const name = file.slice(0, -3);
          if (migrations[name]) throw new Error(`migration ${name} is defined twice (${folder})`);
          migrations[name] = ((await import(pathToFileURL(path.join(folder, file)).href)) as { default: Migration }).default;
        }
      }
      return migrations;
    },
  };
}

/**
 * Runs the pending migrations. SQLite checks a view's tables when it is read, PostgreSQL when it
 * is made: a migration's view over tables that the resource definitions make (after the
 * migrations) fails there with "relation does not exist". On PostgreSQL the migrations therefore
 * run one at a time, and such a failure makes the resource tables that exist by then
 * (`makeResourceTables`) and runs the migration again.
 */
export async function migrateToLatest(db: DB, folders: string[], makeResourceTables?: () => Promise<unknown>): Promise<string[]> {
  // A module's new migration may sort before another folder's released one (2026_11_29_… before
  // 2026_11_300_…): migrations of different folders touch different tables, so an existing
  // database runs what it has not run yet, whatever sorts first, instead of refusing to start.
  const migrator = new Migrator({ db, provider: folderMigrations([PLATFORM_MIGRATIONS, ...folders]), allowUnorderedMigrations: true });
  if (!isPostgres() || !makeResourceTables) {
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
  const applied: string[] = [];
  for (let retried = false; ; ) {
    const { error, results } = await migrator.migrateUp();
    const done = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    applied.push(...done);
    if (!error) {
      if (!done.length) return applied;
      retried = false;
      continue;
    }
    if (retried || (error as { code?: string }).code !== '42P01') throw error instanceof Error ? error : new Error(String(error));
    retried = true;
    await makeResourceTables();
  }
}
