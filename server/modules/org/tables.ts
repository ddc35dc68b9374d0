import type { Generated } from 'kysely';

/** Tables of staff administration (staffAdminMigrations.ts); the staff and menu columns are in schema.ts. */

/** The projects (org rows of type project) a staff member works in. */
export interface StaffProjectTable {
  staff_id: number;
  project_id: number;
}

/** A business line, the patrol "stripe" (spec 3): stripeName is the label, stripeCode the value. */
export interface StripeTable {
  id: Generated<number>;
  stripe_name: string;
  /** Unique; other modules (patrol plans, tasks) refer to a line by it. */
  stripe_code: string;
  description: string | null;
  sort: Generated<number>;
  enabled: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** The posts that belong to a business line. */
export interface StripePostTable {
  stripe_id: number;
  post_id: number;
}
