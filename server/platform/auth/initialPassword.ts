import { passwordDigest } from '../../../src/shared/password.ts';
import { hashPassword } from './password.ts';

/**
 * The password of a new staff account, and of one an administrator resets: "Pms@" and the last
 * six digits of the mobile number on file. It meets the strength rule of a password change
 * (8 or more characters, letters and digits), the staff member can work it out without it
 * being sent anywhere, and they change it at /alter/password.
 */
export const INITIAL_PASSWORD_RULE = 'Pms@ 加手机号后 6 位';

export const initialPassword = (mobile: string): string => `Pms@${mobile.slice(-6)}`;

/** Stored the way every password is: scrypt of the digest the browser sends (spec 4). */
export const initialPasswordHash = (mobile: string): Promise<string> => hashPassword(passwordDigest(initialPassword(mobile)));
