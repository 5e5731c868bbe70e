/**
 * How a document field becomes one SQL value that compares and sorts like MongoDB's BSON order.
 *
 * `json_extract` alone would blur types (true reads as 1, an object or array as its JSON text), so a
 * field's key keeps numbers as numbers, strings as text, null and missing as NULL, and turns every
 * other type into a one-byte tag. SQLite orders NULL < numbers < text < blobs, and the tags follow
 * MongoDB's order of the remaining types (object < array < false < true), so one expression serves
 * equality, type-bracketed ranges, sorting and expression indexes. Sub-documents and arrays compare
 * only by type: filters on them run in memory, and sorting by them keeps them together.
 */

export const TAG = { object: "x'03'", array: "x'04'", false: "x'05'", true: "x'06'" } as const;
/** Every text value sorts at or above the empty string and below any blob. */
export const TEXT_FLOOR = "''";
export const BLOB_FLOOR = "x''";

/** Field names that go into a JSON path unquoted; anything else is evaluated in memory. */
const PLAIN_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The segments of a dotted path, or null when one cannot be written as a plain JSON path key. */
export function pathSegments(path: string): string[] | null {
  const segments = path.split('.');
  return segments.every((segment) => PLAIN_SEGMENT.test(segment)) ? segments : null;
}

/** Index keys were validated as plain dotted identifiers, so every one has segments. */
export const keySegments = (path: string): string[] => pathSegments(path) ?? [path];

/** A JSON path literal; segments were checked by pathSegments, so quoting is only SQL's. */
export const jsonPath = (segments: readonly string[]): string => `'$.${segments.join('.')}'`;

const tagged = (typeSql: string, valueSql: string): string =>
  `CASE ${typeSql} WHEN 'true' THEN ${TAG.true} WHEN 'false' THEN ${TAG.false} WHEN 'object' THEN ${TAG.object} ` +
  `WHEN 'array' THEN ${TAG.array} ELSE ${valueSql} END`;

/**
 * The key of `segments` inside the JSON held by `source`. An array anywhere along the path makes the
 * key the array tag, so a document whose field needs MongoDB's array matching never passes for one
 * holding a plain value. Index definitions and queries use this same text, so SQLite can match them.
 */
export function fieldKey(segments: readonly string[], source = 'body'): string {
  const full = `${tagged(`json_type(${source}, ${jsonPath(segments)})`, `json_extract(${source}, ${jsonPath(segments)})`)}`;
  if (segments.length === 1) return full;
  const prefixes = segments
    .slice(0, -1)
    .map((_, end) => `WHEN json_type(${source}, ${jsonPath(segments.slice(0, end + 1))}) = 'array' THEN ${TAG.array}`);
  return `CASE ${prefixes.join(' ')} ELSE ${full} END`;
}

/**
 * True exactly when fieldKey(segments, source) is the array tag: an array at the path or at any path it
 * runs through (a JSON path does not look into an array's elements, so what lies past one reads as
 * missing). One json_type per segment and no CASE: a path's first tracking scans its whole collection
 * with it. The writes check their documents in memory with its twin, holdsArray (sqlite-paths).
 */
export function holdsArraySql(segments: readonly string[], source: string): string {
  return segments.map((_, end) => `json_type(${source}, ${jsonPath(segments.slice(0, end + 1))}) = 'array'`).join(' OR ');
}

/** The key of one element produced by json_each (aliased `alias`). */
export const elementKey = (alias: string): string => tagged(`${alias}.type`, `${alias}.value`);

/** `_id` is its own column, always text. */
export const ID_KEY = 'id';
