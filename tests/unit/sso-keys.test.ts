// The embedded provider's signing key (server/platform/sso/keys.ts) is made without the Node 20 deadlock
// of exporting a freshly generated key object as a JWK: many keys are made in a child process
// whose tiny young generation makes a garbage collection during an export likely. Exported the
// old way, such a loop hung for good within 50-450 keys; it must finish.
import { spawnSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningJwk } from '../../server/platform/sso/keys.ts';

describe('the provider signing key', () => {
  it('is an RSA private JWK of 2048 bits', () => {
    const jwk = newSigningJwk();
    expect(jwk).toMatchObject({ kty: 'RSA', e: 'AQAB' });
    expect(jwk.d).toBeTruthy();
    expect(createPublicKey({ key: jwk, format: 'jwk' }).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('is made without deadlocking when a garbage collection runs during the export', () => {
    const loop = `
      import { newSigningJwk } from './server/platform/sso/keys.ts';
      let junk = [];
      for (let i = 0; i < 600; i++) {
        for (let j = 0; j < (i * 7919) % 400; j++) junk.push({ j, s: 'x' + j });
        if (junk.length > 20000) junk = [];
        newSigningJwk(1024);
      }
      console.log('made 600 keys');`;
    const run = spawnSync(process.execPath, ['--max-semi-space-size=1', '--import', 'tsx', '--input-type=module', '-e', loop], { encoding: 'utf8', timeout: 50_000 });
    expect(run.signal, 'the loop hung and was killed').toBeNull();
    expect(run.stdout).toContain('made 600 keys');
  });
});
