/**
 * ECA peers send `null` for "no value" wherever a field is optional: real editors serialize every
 * unset field as `null` (eca-emacs sends `"params": null` on `initialized` and `"model": null` on
 * `chat/prompt`), and real servers do the same in what they send back. The spec's own rule for
 * `config/updated` is "if a field is missing/null, means it had no change". So, for every ECA
 * message Baton reads, a `null` field is an absent field: this is the one place that says so, and
 * every schema of the ECA table (eca-protocol.ts) goes through it.
 *
 * Nulls are dropped from objects at any depth, except inside the values that are someone else's
 * JSON, where a `null` means null: a tool call's arguments (the model's own input) and a tool's
 * parameter schema. Null items of a list are left alone (a list has no optional items).
 */
import { z } from 'zod';

/** Keys whose object value is opaque JSON, passed through untouched. */
const OPAQUE_OBJECT_KEYS = new Set(['arguments', 'parameters']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `value` without null fields at any depth (the input is not changed); `null` itself becomes undefined. */
export function withoutNulls(value: unknown): unknown {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => (item === null ? item : withoutNulls(item)));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === null) continue;
    copy[key] = OPAQUE_OBJECT_KEYS.has(key) && isPlainObject(field) ? field : withoutNulls(field);
  }
  return copy;
}

/**
 * `schema`, reading every null field as absent. Its input and output types are those of `schema`,
 * so senders are still checked against the spec's shapes (Baton never sends a null for "none").
 */
export function nullsAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: z.input<T>) => withoutNulls(value), schema);
}
