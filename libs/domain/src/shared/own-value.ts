/**
 * The value a plain object holds under `key` itself, never one it inherits: `record['constructor']`
 * answers Object's constructor, so a lookup by an id a caller sent (or a stored document's map, such
 * as a form snapshot's fields) goes through here, and "__proto__" or "toString" is simply unknown.
 */
export const ownValue = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
