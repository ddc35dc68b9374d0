import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import ZeroPadding from 'crypto-js/pad-zeropadding';
import { runtimeConfig } from './runtimeConfig.ts';

/**
 * The encryption helper of spec 7.6: a fixed-key block cipher (AES) in ECB mode with zero
 * padding. ECB reveals repeated blocks, so it only protects values from casual reading; it is
 * kept for interoperating with the services that expect it, never for secrets.
 */
const key = (k?: string) => Utf8.parse(k ?? runtimeConfig().cryptoKey);

export function encrypt(value: unknown, k?: string): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return AES.encrypt(Utf8.parse(text), key(k), { mode: ECB, padding: ZeroPadding }).toString();
}

/** Decrypts, and returns parsed JSON where the text is JSON. */
export function decrypt<T = unknown>(cipherText: string, k?: string): T | string {
  const text = AES.decrypt(cipherText, key(k), { mode: ECB, padding: ZeroPadding }).toString(Utf8);
  try {
    return JSON.parse(text) as T;
  } catch {
    return text;
  }
}
