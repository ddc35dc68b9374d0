import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { measureFromParts, ratioOf } from '../../server/engine/reportSql.ts';
import { roundTo } from '../../server/platform/db/dialect.ts';
import { openDatabase } from '../../server/platform/db/index.ts';
import { roundDecimal } from '../../server/platform/db/rounding.ts';

// A report adds its parts up in the server (engine/reportScan.ts) and must round them as the
// database rounds the same figure, or one report gives two answers: by staff 1064.89 from the
// scan, 1064.9 from PostgreSQL. Both round the decimal a person reads, not the stored binary.

const CASES: [value: number, digits: number, rounded: number][] = [
  [4259.58 / 4, 2, 1064.9],
  [1.005, 2, 1.01],
  [2.675, 2, 2.68],
  [0.125, 2, 0.13],
  [-2.5, 0, -3],
  [-1.005, 2, -1.01],
  [1e-9, 2, 0],
  [123456.785, 2, 123456.79],
  [200 / 3, 1, 66.7],
  [0.1 + 0.2, 2, 0.3],
];

describe('rounding of report figures', () => {
  it('rounds the decimal a person reads, where toFixed and SQLite’s own round() do not', () => {
    expect((4259.58 / 4).toFixed(2)).toBe('1064.89');
    for (const [value, digits, rounded] of CASES) expect(roundDecimal(value, digits), `${value} at ${digits}`).toBe(rounded);
  });

  it('rounds the same in SQLite, through the dialect seam', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pms-rounding-'));
    const database = openDatabase(dir);
    try {
      for (const [value, digits, rounded] of CASES) {
        const { rows } = await sql<{ r: number }>`select ${roundTo(sql`${value}`, digits)} as r`.execute(database.db);
        expect(rows[0]!.r, `${value} at ${digits}`).toBe(rounded);
      }
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rounds an average, a sum and a rate from their parts', () => {
    expect(measureFromParts({ name: 'average', agg: 'avg', field: 'paid' } as never, { average__sum: 4259.58, average__count: 4 })).toBe(1064.9);
    expect(measureFromParts({ name: 'paid', agg: 'sum', field: 'paid' } as never, { paid: 0.1 + 0.2 })).toBe(0.3);
    expect(measureFromParts({ name: 'onTime', agg: 'rate' } as never, { onTime__hits: 2, onTime__rows: 3 })).toBe(66.7);
    expect(ratioOf(1, 8)).toBe(12.5);
    expect(ratioOf(1, 0)).toBe(0);
  });
});
