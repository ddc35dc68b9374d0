/** Tables of the preferences module written by its migrations. */

/** One user's saved settings of one list screen (src/shared/tablePreferences.ts), as JSON text. */
export interface TablePreferenceTable {
  id: import('kysely').Generated<number>;
  staff_id: number;
  route: string;
  value: string;
  updated_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    table_preference: TablePreferenceTable;
  }
}
