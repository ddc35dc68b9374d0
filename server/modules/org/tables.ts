import type { ResourceTables } from '../../platform/db/resourceTables.ts';

/** Tables of staff administration (migrations/); the staff and menu columns are in the platform's schema.ts. */

/** The projects (org rows of type project) a staff member works in. */
export interface StaffProjectTable {
  staff_id: number;
  project_id: number;
}


/** The posts that belong to a business line. */
export interface StripePostTable {
  stripe_id: number;
  post_id: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    staff_project: StaffProjectTable;
    stripe: ResourceTables['stripe'];
    stripe_post: StripePostTable;
  }
}
