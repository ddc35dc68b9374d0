// Authorisation: the matrix of every /api route and caller, with its figures.
import { authorizationMatrix, matrixRows } from '../../../tests/support/authorizationMatrix.ts';
import { startServer } from '../../../tests/support/server.ts';
import type { VerifyRow } from '../rows.ts';

export default async function authorization(): Promise<VerifyRow[]> {
  const server = await startServer({ PMS_LOGIN_RATE_LIMIT: '1000' });
  try {
    const figures = await authorizationMatrix(server);
    for (const mismatch of figures.mismatches.slice(0, 20)) console.error(`  ${mismatch}`);
    return matrixRows(figures);
  } finally {
    await server.close();
  }
}
