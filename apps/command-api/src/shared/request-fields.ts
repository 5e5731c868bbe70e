import { REQUIRED, validationError } from '@beacon/domain';


/** Reads required non-blank string fields from a JSON body, answering 400 with a message per missing field. */
export function requiredStrings<K extends string>(body: unknown, keys: readonly K[]): Record<K, string> {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = source[key];
    if (typeof value !== 'string' || !value.trim()) fields[key] = [REQUIRED];
    else values[key] = value;
  }
  if (Object.keys(fields).length) throw validationError('Some required fields are missing.', fields);
  return values;
}

export function queryFlag(value: unknown): boolean {
  return typeof value === 'string' && ['true', '1', 'yes'].includes(value.toLowerCase());
}
