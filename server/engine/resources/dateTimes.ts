/**
 * One representation of a `datetime` field, end to end: epoch milliseconds. Components send other
 * things (the date-time picker sends "2026-12-01 09:30", an imported cell "2026/12/01 09:30:00"),
 * so the server accepts a date-time text and stores its milliseconds, read in the server's time
 * zone like the exports that write them.
 */
export const DATETIME_TEXT = '^\\d{4}[-/](0?[1-9]|1[0-2])[-/](0?[1-9]|[12]\\d|3[01])( ([01]?\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?)?$';
const TEXT = new RegExp(DATETIME_TEXT);

/** The milliseconds of a date-time text (a date alone is its midnight), or null for anything else. */
export function parseDateTime(text: string): number | null {
  if (!TEXT.test(text)) return null;
  const [y, m, d, h = 0, min = 0, s = 0] = text.split(/[-/ :]/).map(Number) as number[];
  return new Date(y!, m! - 1, d!, h, min, s).getTime();
}

/** A datetime value as stored: milliseconds kept, a text turned into them. */
export const toMilliseconds = (value: unknown): unknown => (typeof value === 'string' ? (parseDateTime(value.trim()) ?? value) : value);
