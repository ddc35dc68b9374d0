/** A record as the services send it: a row of a list, the record of a detail page. */
export type Row = Record<string, unknown>;
