/** Tables of the owner-side API written by its migrations. */

/** One owner-app session: the token's SHA-256 only, so a leaked database gives no usable tokens. */
export interface OwnerSessionTable {
  id: import('kysely').Generated<number>;
  token_hash: string;
  customer_id: number;
  terminal: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** The owner who wrote a mailbox letter through the app. */
export interface OwnerLetterTable {
  letter_id: number;
  customer_id: number;
}

/** One ballot an owner cast in a vote. */
export interface VoteBallotTable {
  id: import('kysely').Generated<number>;
  activity_id: number;
  customer_id: number;
  voted_at: number;
}

/** A picture an owner uploaded through the app (its file_object row), which only they may attach. */
export interface OwnerUploadTable {
  file_id: string;
  customer_id: number;
  created_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    owner_session: OwnerSessionTable;
    owner_letter: OwnerLetterTable;
    vote_ballot: VoteBallotTable;
    owner_upload: OwnerUploadTable;
  }
}
