/** The values of a JSON list field, whether stored as text or read as an array; anything else is an empty list. */
export function jsonList(value: unknown): unknown[] {
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
