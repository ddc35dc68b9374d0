import { randomInt } from 'node:crypto';
import { passwordDigest } from '../../../src/shared/password.ts';
import { hashPassword } from './password.ts';

/**
 * The password of a new staff account, and of one an administrator resets (issue 40): 12
 * random characters from an alphabet without look-alikes, at least one letter and one digit
 * (the strength rule of a password change). It is answered once, to the administrator who made
 * it, and never stored in clear; the account must change it at its first sign-in
 * (`staff.must_change_password`, enforced by server/engine/access/authenticate.ts).
 */
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;
export const INITIAL_PASSWORD_LENGTH = 12;

export function newInitialPassword(): string {
  for (;;) {
    const password = Array.from({ length: INITIAL_PASSWORD_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}

/** Stored the way every password is: scrypt of the digest the browser sends (spec 4). */
export const initialPasswordHash = (password: string): Promise<string> => hashPassword(passwordDigest(password));
