// Signature: missing, tampered, replayed, stale and future-timestamp requests on every signed route.
import { abuseSignatures, signatureRows } from '../../../tests/support/signatureAbuse.ts';
import { startFuzzServer } from '../../../tests/support/fuzz/server.ts';
import type { VerifyRow } from '../rows.ts';

export default async function signature(): Promise<VerifyRow[]> {
  const server = await startFuzzServer();
  try {
    const figures = await abuseSignatures(server);
    for (const finding of figures.findings) console.error(`  ${finding}`);
    return signatureRows(figures);
  } finally {
    await server.close();
  }
}
