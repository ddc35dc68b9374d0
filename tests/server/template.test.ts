import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type SQLite from 'better-sqlite3';
import { startServer, type TestServer } from '../support/server.ts';
import { TEMPLATES_ENV } from '../support/templateDatabase.ts';
import { testPostgres } from '../support/postgresDatabases.ts';

// startServer copies the run's template database (tests/support/templateDatabase.ts): a copy
// must be what a server makes of an empty data directory, or tests would pass on a database
// no user has. Whenever server/app.ts prepares a new database differently, this fails.

const started: TestServer[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
});

/** The tables, indexes, triggers and views, and each table's row count (times and planner statistics aside). */
function shape(sqlite: SQLite.Database) {
  const objects = sqlite.prepare("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name").all() as { type: string; name: string; sql: string | null }[];
  const rows = Object.fromEntries(objects.filter((o) => o.type === 'table').map((o) => [o.name, (sqlite.prepare(`select count(*) as n from "${o.name}"`).get() as { n: number }).n]));
  return { objects, rows };
}

describe('the template database', () => {
  // Compares SQLite files; on PostgreSQL the same prepareDatabase builds the template, copied by CREATE DATABASE … TEMPLATE.
  it.skipIf(Boolean(testPostgres()))('gives a server the database it would seed itself', async () => {
    const runTemplates = process.env[TEMPLATES_ENV];
    expect(runTemplates, 'the server tests run with templates (vitest.config.ts globalSetup)').toBeTruthy();
    // A template of its own, built now: the demo seeds history up to the present (today's punches,
    // sign-ins, finished orders), so the run's template, built minutes earlier, may hold fewer rows.
    const templates = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-template-check-'));
    try {
      process.env[TEMPLATES_ENV] = templates;
      started.push(await startServer());
      expect(fs.readdirSync(templates).length, 'the server started from a copy of the template').toBeGreaterThan(0);
      delete process.env[TEMPLATES_ENV];
      started.push(await startServer());
    } finally {
      process.env[TEMPLATES_ENV] = runTemplates;
      fs.rmSync(templates, { recursive: true, force: true });
    }
    const [fromCopy, fromNothing] = started.map((s) => shape(s.app.sqlite!));
    expect(fromCopy).toEqual(fromNothing);
    // Seeding from nothing is the slow path every other test avoids: 10 s alone, 30 s beside a busy run.
  }, 180_000);
});
