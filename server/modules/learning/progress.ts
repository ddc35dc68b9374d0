/**
 * Course progress accounting: what share of a course a staff member has really watched (or
 * read), from the positions their player reports. Only the stretch between two reports that
 * could have been played in the time between them counts (a seek forward earns nothing), and a
 * stretch watched twice counts once, so neither skipping nor replaying reaches the done share.
 */

/** Watched stretches in seconds, [from, to), sorted and disjoint. */
export type Segments = [number, number][];

/** Playback up to double speed, plus a few seconds for a slow network between reports. */
export const MAX_SPEED = 2;
export const REPORT_GRACE_SEC = 5;

export interface ViewState {
  position: number;
  segments: Segments;
  /** When the last report (or the opening) arrived, ms; null: never. */
  lastAt: number | null;
}

/** Adds a stretch and merges what overlaps or touches. */
export function addSegment(segments: Segments, from: number, to: number): Segments {
  if (to <= from) return segments;
  const all = [...segments, [from, to] as [number, number]].sort((a, b) => a[0] - b[0]);
  const merged: Segments = [];
  for (const [a, b] of all) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

export const watchedSeconds = (segments: Segments): number => segments.reduce((s, [a, b]) => s + (b - a), 0);

/**
 * The state after a position report at `now` (ms), for a course `duration` seconds long: the
 * stretch since the previous position is credited when it moves forward no faster than
 * MAX_SPEED allows for the time elapsed; otherwise the report is a seek and only moves the position.
 */
export function reportPosition(state: ViewState, position: number, now: number, duration: number): ViewState {
  const to = Math.max(0, Math.min(Math.floor(position), duration));
  const from = state.position;
  let segments = state.segments;
  if (state.lastAt !== null && to > from) {
    const elapsed = Math.max(0, (now - state.lastAt) / 1000);
    if (to - from <= elapsed * MAX_SPEED + REPORT_GRACE_SEC) segments = addSegment(segments, from, to);
  }
  return { position: to, segments, lastAt: now };
}

/** Percentage watched, one decimal, at most 100. */
export const percentOf = (segments: Segments, duration: number): number => Math.min(100, Math.round((watchedSeconds(segments) / duration) * 1000) / 10);
