/** Money is summed in fen (integers), never in floating yuan: 0.1 + 0.2 must equal 0.3. */
export const fen = (yuan: unknown): number => Math.round(Number(yuan ?? 0) * 100);
export const yuan = (fen: number): number => fen / 100;
export const shown = (fen: number): string => (fen / 100).toFixed(2);
