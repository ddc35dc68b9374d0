import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';

/** The provider's signing key: made once per data directory and kept there (mode 0600). */
export function loadSigningKey(dataDir: string): JsonWebKey & { kid: string } {
  const file = path.join(dataDir, 'sso-signing-key.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `pms-${Date.now().toString(36)}`, alg: 'RS256', use: 'sig' };
  fs.writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  return jwk;
}
