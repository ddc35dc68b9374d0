// Bad input: every /api route fuzzed with invalid inputs generated from its own schemas.
import { fuzzRoutes, fuzzRows } from '../../../tests/support/fuzz/fuzzRoutes.ts';
import { startFuzzServer } from '../../../tests/support/fuzz/server.ts';
import type { VerifyRow } from '../rows.ts';

const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 500);

export default async function fuzz(): Promise<VerifyRow[]> {
  const server = await startFuzzServer();
  try {
    const figures = await fuzzRoutes(server, { perRoute: PER_ROUTE, log: (line) => console.error(`  ${line}`) });
    return fuzzRows(figures, PER_ROUTE);
  } finally {
    await server.close();
  }
}
