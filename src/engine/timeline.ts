/** One step of a record's workflow timeline, as `<resource>.timeline` answers it. */
export interface TimelineEntry {
  actionText: string;
  stateText: string;
  note: string | null;
  staff_name: string | null;
  at: number;
}
