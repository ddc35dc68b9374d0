import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';

export const SIGNING_KEY_FILE = 'sso-signing-key.json';

/** The provider's signing key: made once per files directory (shared by instances) and kept there (mode 0600). */
export function loadSigningKey(dataDir: string): JsonWebKey & { kid: string } {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const jwk = { ...newSigningJwk(), kid: `pms-${Date.now().toString(36)}`, alg: 'RS256', use: 'sig' };
  try {
    // Exclusive: instances starting together on one shared directory (PMS_FILES_DIR) keep the
    // first one's key, so tokens any of them signed verify on all.
    fs.writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(fs.readFileSync(file, 'utf8'));
    throw error;
  }
  return jwk;
}

/**
 * A new RSA private key as a JWK. Generated as PEM and exported through a key object of its own:
 * on Node 20, exporting the key object that generateKeyPairSync answers as a JWK can deadlock the
 * process for good. A garbage collection during the export (it allocates the JWK's strings)
 * destroys the key-generation job, whose destructor waits for the key's lock that the export
 * holds (gdb: ExportJWK -> GC -> ~KeyGenJob -> uv_mutex_lock; a server test hung with no CPU).
 */
export function newSigningJwk(modulusLength = 2048): JsonWebKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  return createPrivateKey(privateKey).export({ format: 'jwk' });
}
