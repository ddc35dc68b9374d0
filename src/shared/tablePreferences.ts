/**
 * A user's saved settings of one list screen (issue 42): the columns in their order, each shown
 * or hidden and perhaps resized, and the page size. Stored on the server per user and screen, so
 * they follow the user to another browser. Shared by the server's checks and the list page.
 */
export interface ColumnPreference {
  /** The column's field, as the page declares it. */
  key: string;
  hidden?: boolean;
  /** Pixels, MIN_COLUMN_WIDTH to MAX_COLUMN_WIDTH. */
  width?: number;
}

export interface TablePreference {
  columns?: ColumnPreference[];
  pageSize?: number;
}

/** Rows a list page shows unless its schema or the user says otherwise. */
export const DEFAULT_PAGE_SIZE = 20;
/** The sizes a pager offers unless the page declares its own. */
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 1000;

/** The page sizes a list page offers: its own, or the defaults. */
export const pageSizeOptionsOf = (page: { pageSizeOptions?: number[] }): number[] => page.pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS;
