/** One printed figure of a verify suite or the bench. */
export interface VerifyRow {
  /** The area checked, e.g. "fuzzing", "signature", "uploads". */
  area: string;
  /** What was counted or measured, e.g. "5xx answers". */
  figure: string;
  value: number | string;
  /** The requirement in words, e.g. "= 0" or "≥ 200 per route"; omitted for plain facts. */
  target?: string;
  /** false when the figure misses its target; omitted for plain facts. */
  ok?: boolean;
  /** The same figure of a peer product (the bench's comparisons), e.g. "antd 480 · amis 1900". */
  peer?: string;
}

/** A check module's default export. */
export type VerifyCheck = () => Promise<VerifyRow[]>;

/** A row whose value must be 0. */
export const mustBeZero = (area: string, figure: string, value: number): VerifyRow => ({ area, figure, value, target: '= 0', ok: value === 0 });

/** Rows as a fixed-width text table (CJK characters count as two columns). */
export function formatRows(rows: VerifyRow[]): string {
  const width = (s: string) => [...s].reduce((w, ch) => w + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);
  const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - width(s)));
  // The peer column only when some row has a peer's figure.
  const peers = rows.some((r) => r.peer !== undefined);
  const cells = rows.map((r) => [r.area, r.figure, String(r.value), r.target ?? '', r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED', ...(peers ? [r.peer ?? ''] : [])]);
  const head = ['area', 'figure', 'value', 'target', '', ...(peers ? ['peer'] : [])];
  const widths = head.map((h, i) => Math.max(width(h), ...cells.map((c) => width(c[i]!))));
  const line = (c: string[]) => c.map((s, i) => pad(s, widths[i]!)).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
