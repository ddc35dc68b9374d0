/** Tables of the community module written by its migrations (the resources' are generated). */

/** One customer a mass notice reached on one channel. */
export interface NoticeRecipientTable {
  id: import('kysely').Generated<number>;
  notice_id: number;
  customer_id: number;
  house_id: number | null;
  project_id: number | null;
  channel: string;
  /** recorded: no provider configured for the channel (channels.ts). */
  delivery: string;
  sent_at: number;
  read_at: number | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    notice_recipient: NoticeRecipientTable;
  }
}

/** One owner's vote for one option (its index in the activity's vote_options). */
export interface VoteRecordTable {
  id: import('kysely').Generated<number>;
  activity_id: number;
  option_index: number;
  customer_id: number;
  voted_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    vote_record: VoteRecordTable;
  }
}
