import md5 from 'md5';

/**
 * Spec 4 (authkey): a password is hashed with a fixed suffix before it leaves the browser.
 * Every password login sends this digest, never the plain text; the server keeps only
 * scrypt(digest), so the digest alone is no more useful than a password would be.
 */
export const PASSWORD_SUFFIX = '{pms-yuejia}';

export function passwordDigest(plain: string): string {
  return md5(plain + PASSWORD_SUFFIX);
}

export const DIGEST_PATTERN = '^[0-9a-f]{32}$';
