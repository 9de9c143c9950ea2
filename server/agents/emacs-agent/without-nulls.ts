/**
 * Real peers send `null` for an optional field they mean to leave out; the shared schemas say
 * `optional()`, which takes absent but not null. Dropping null object members before parsing
 * accepts both without loosening the schemas. Nulls inside arrays are values and are kept.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== null) kept[key] = withoutNulls(member);
  }
  return kept;
}
