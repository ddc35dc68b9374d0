/**
 * `value` rounded half away from zero at `digits` decimals after reading it to 15 significant
 * digits, as PostgreSQL rounds a double (cast to numeric with 15 digits): 4259.58 / 4 is stored as
 * 1064.89499999…, read as 1064.895, rounded to 1064.9, as a person would. SQLite's round() and
 * toFixed() round the stored binary value instead (1064.89), so SQLite rounds through this function
 * too (round_decimal, index.ts) and the server rounds the figures it adds up with it: one answer
 * whichever database or path computes a figure.
 */
export function roundDecimal(value: number, digits: number): number {
  const scaled = Number((Math.abs(value) * 10 ** digits).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / 10 ** digits;
}
