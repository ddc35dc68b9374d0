/** The answer of 验真 (a stamped file's verification code, and its SHA-256 when given), shared by the check and its public page. */
export interface SealVerdict {
  valid: boolean;
  reason?: string;
  docName?: string;
  sealName?: string;
  stampedAt?: number;
  /** Whether the file itself was compared (its SHA-256 given), not only the code. */
  fileChecked: boolean;
}

/** A verification code as the stamp prints it. */
export const SEAL_CODE_PATTERN = '^[A-Z0-9]{8}$';
