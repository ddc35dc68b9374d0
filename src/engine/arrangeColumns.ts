import type { ColumnPreference } from '../shared/tablePreferences.ts';

/**
 * The columns a list shows: in the user's saved order, without those they hid, at their widths;
 * without settings, the page's columns but those it declares `hidden`. Columns added to the page
 * since the user saved come after theirs, as the page declares them.
 */
export function arrangeColumns<C extends { field: string; hidden?: boolean; width?: number }>(columns: C[], saved: ColumnPreference[] | undefined): C[] {
  const byKey = new Map((saved ?? []).map((s) => [s.key, s]));
  const known = (saved ?? []).flatMap((s) => columns.filter((c) => c.field === s.key));
  const ordered = [...known, ...columns.filter((c) => !byKey.has(c.field))];
  return ordered
    // A saved column is shown unless saved hidden; others as the page declares.
    .filter((c) => (byKey.has(c.field) ? !byKey.get(c.field)!.hidden : !c.hidden))
    .map((c) => {
      const width = byKey.get(c.field)?.width;
      return width ? { ...c, width } : c;
    });
}
