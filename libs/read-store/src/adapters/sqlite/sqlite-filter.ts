import { Filter } from '../../read-store';
import { isPlainObject } from '../../internal/query-guard';
import { BLOB_FLOOR, elementKey, fieldKey, ID_KEY, jsonPath, pathSegments, TAG, TEXT_FLOOR } from './sqlite-keys';

/** A MongoDB filter as SQL over a row's `id` and `body` (see sqlite-keys for how values compare). */
export interface SqlFilter {
  /** A condition for the WHERE clause; `1` when nothing was translated. */
  readonly where: string;
  /** Named parameters (`@p0`...) of `where`. */
  readonly params: Readonly<Record<string, unknown>>;
  /**
   * The conjuncts SQL cannot express with MongoDB's meaning, for mingo to check on the rows `where`
   * selects (it holds every match); null when `where` is exact.
   */
  readonly residual: Filter | null;
  /** What made the residual, e.g. `$elemMatch` or `equality with a sub-document`. */
  readonly untranslated: readonly string[];
}

/** The paths known to hold no array in a collection (only `has` is asked). */
export type PathSet = Pick<ReadonlySet<string>, 'has'>;

/** The SQL function (registered per connection) that runs a JavaScript regular expression on text. */
export const REGEXP_FUNCTION = 'read_store_regexp';

/** Thrown inside the translator when a conjunct must be left to mingo; never leaves this file. */
class Untranslatable extends Error {}

const untranslatable = (reason: string): never => {
  throw new Untranslatable(reason);
};

/** SQL for a test of one key expression (a field's key or an array element's key). */
type KeyTest = (key: string) => string;

const isScalar = (value: unknown): value is string | number => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

const not = (sql: string): string => `NOT coalesce(${sql}, 0)`;
const any = (parts: readonly string[]): string => (parts.length === 0 ? '0' : parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`);
const all = (parts: readonly string[]): string => (parts.length === 0 ? '1' : parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`);

const REGEXP_SYNTAX = /[\\^$.|?*+()[\]{}]/;
/** What a backslash may escape and still mean the character itself (outside a character class, without the u flag). */
const ESCAPED_LITERAL = /[-\\^$.|?*+()[\]{}/]/;

/**
 * The text a regular expression matches as a plain substring, or null when it is more than that. Only
 * where SQLite agrees with JavaScript: no flags but i, m and s (which change nothing for plain text),
 * and for a case-insensitive pattern only ASCII text, because SQLite's lower() folds ASCII letters only,
 * as JavaScript's i without u does for a pattern of ASCII letters.
 */
function plainTextOf(regex: RegExp): string | null {
  if (/[^ims]/.test(regex.flags)) return null;
  let text = '';
  for (let index = 0; index < regex.source.length; index++) {
    const char = regex.source[index]!;
    if (char === '\\') {
      const next = regex.source[index + 1];
      if (next === undefined || !ESCAPED_LITERAL.test(next)) return null;
      text += next;
      index++;
    } else if (REGEXP_SYNTAX.test(char)) {
      return null;
    } else {
      text += char;
    }
  }
  if (regex.ignoreCase && [...text].some((char) => char.charCodeAt(0) > 0x7f)) return null;
  return text;
}

/** An invalid pattern is left to mingo, which reports it as an invalid query. */
function newRegExp(pattern: string | RegExp, flags?: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return untranslatable('an invalid regular expression');
  }
}

/** The operators of one field condition, as mingo reads it (a bare value or RegExp is an equality or a $regex). */
function operatorsOf(condition: unknown): [string, unknown][] {
  if (condition instanceof RegExp) return [['$regex', condition]];
  if (!isPlainObject(condition) || !Object.keys(condition).some((key) => key.startsWith('$'))) return [['$eq', condition]];
  const entries = Object.entries(condition).filter(([operator]) => operator !== '$options');
  if ('$options' in condition) {
    const regex = entries.find(([operator]) => operator === '$regex');
    if (!regex) untranslatable('$options without $regex');
    regex![1] = newRegExp(condition.$regex as string | RegExp, condition.$options as string | undefined);
  }
  return entries;
}

function regexOf(value: unknown): RegExp {
  const regex = value instanceof RegExp ? value : typeof value === 'string' ? newRegExp(value) : untranslatable('$regex of a non-string');
  // test() with g or y keeps state between rows.
  if (/[gy]/.test(regex.flags)) untranslatable('$regex with the g or y flag');
  return regex;
}

class Translator {
  readonly params: Record<string, unknown> = {};
  private aliases = 0;

  constructor(
    private readonly arrayFree: PathSet,
    private readonly paramPrefix: string,
  ) {}

  clause(filter: Filter): string {
    return all(Object.entries(filter).map(([key, value]) => this.entry(key, value)));
  }

  private entry(key: string, value: unknown): string {
    const clauses = () => (value as Filter[]).map((clause) => this.clause(clause));
    if (key === '$and') return all(clauses());
    if (key === '$or') return any(clauses());
    if (key === '$nor') return not(any(clauses()));
    return all(operatorsOf(value).map(([operator, operand]) => this.operator(key, operator, operand)));
  }

  private operator(path: string, operator: string, operand: unknown): string {
    switch (operator) {
      case '$eq':
        return this.equals(path, [operand]);
      case '$ne':
        return not(this.equals(path, [operand]));
      case '$in':
        return this.equals(path, Array.isArray(operand) ? operand : untranslatable('$in without an array'));
      case '$nin':
        return not(this.equals(path, Array.isArray(operand) ? operand : untranslatable('$nin without an array')));
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return this.anyValue(path, this.range(path, operator, operand));
      case '$exists':
        return typeof operand === 'boolean' ? this.exists(path, operand) : untranslatable('$exists without a boolean');
      case '$regex':
        return this.anyValue(path, this.regex(regexOf(operand)));
      default:
        return untranslatable(operator);
    }
  }

  /** Matches when the field equals one of `values` (a single one for $eq). */
  private equals(path: string, values: readonly unknown[]): string {
    const scalars = values.filter(isScalar);
    const booleans = values.filter((value): value is boolean => typeof value === 'boolean');
    const nulls = values.filter((value) => value === null).length;
    const hasNull = nulls > 0;
    if (scalars.length + booleans.length + nulls < values.length) {
      untranslatable(values.some((value) => value instanceof RegExp) ? '$in with a regular expression' : 'equality with a sub-document, an array or a non-JSON value');
    }
    if (path === '_id') return this.idEquals(values.filter((value): value is string => typeof value === 'string'));
    const tests: KeyTest[] = [];
    if (scalars.length === 1) {
      const name = this.param(scalars[0]);
      tests.push((key) => `${key} = ${name}`);
    } else if (scalars.length > 1) {
      const list = this.param(JSON.stringify(scalars));
      tests.push((key) => `${key} IN (SELECT value FROM json_each(${list}))`);
    }
    for (const flag of new Set(booleans)) tests.push((key) => `${key} = ${flag ? TAG.true : TAG.false}`);
    const matchesValue = tests.length ? this.anyValue(path, (key) => any(tests.map((test) => test(key)))) : null;
    const matchesNull = hasNull ? this.isNull(path) : null;
    return any([matchesValue, matchesNull].filter((sql): sql is string => sql !== null));
  }

  /** `_id` is always a string, so only string values can equal it. */
  private idEquals(ids: readonly string[]): string {
    if (ids.length === 0) return '0';
    if (ids.length === 1) return `${ID_KEY} = ${this.param(ids[0])}`;
    return `${ID_KEY} IN (SELECT value FROM json_each(${this.param(JSON.stringify(ids))}))`;
  }

  /** MongoDB's null matches a missing field too, and an array holding null. */
  private isNull(path: string): string {
    if (path === '_id') return '0';
    const segments = this.segments(path);
    if (this.arrayFree.has(path)) return `${fieldKey(segments)} IS NULL`;
    // Through arrays of sub-documents, which elements count as "missing" is where MongoDB and mingo differ.
    if (segments.length > 1) untranslatable('null on a dotted path that may cross an array');
    return this.anyCandidate('body', [], segments, (key) => `${key} IS NULL`);
  }

  /** Comparison within one type, as MongoDB's ordering of that type: a number never compares with a string. */
  private range(path: string, operator: string, operand: unknown): KeyTest {
    const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator]!;
    const upward = operator === '$gt' || operator === '$gte';
    if (typeof operand === 'boolean') {
      const tag = operand ? TAG.true : TAG.false;
      return (key) => `(${key} ${sign} ${tag} AND ${key} BETWEEN ${TAG.false} AND ${TAG.true})`;
    }
    if (!isScalar(operand)) return untranslatable(`${operator} with ${operand === null ? 'null' : 'a non-scalar value'}`);
    if (path === '_id' && typeof operand !== 'string') return () => '0';
    const name = this.param(operand);
    if (typeof operand === 'number') return upward ? (key) => `(${key} ${sign} ${name} AND ${key} < ${TEXT_FLOOR})` : (key) => `${key} ${sign} ${name}`;
    return upward ? (key) => `(${key} ${sign} ${name} AND ${key} < ${BLOB_FLOOR})` : (key) => `(${key} ${sign} ${name} AND ${key} >= ${TEXT_FLOOR})`;
  }

  /**
   * A pattern that is plain text (a search box's escaped words) is a substring test SQLite runs itself,
   * far cheaper than calling JavaScript for every row; any other pattern runs JavaScript's RegExp.
   */
  private regex(regex: RegExp): KeyTest {
    const literal = plainTextOf(regex);
    if (literal !== null) {
      const needle = this.param(regex.ignoreCase ? literal.toLowerCase() : literal);
      const haystack = (key: string) => (regex.ignoreCase ? `lower(${key})` : key);
      return (key) => `(typeof(${key}) = 'text' AND instr(${haystack(key)}, ${needle}) > 0)`;
    }
    const source = this.param(regex.source);
    const flags = this.param(regex.flags);
    return (key) => `${REGEXP_FUNCTION}(${source}, ${flags}, ${key})`;
  }

  private exists(path: string, wanted: boolean): string {
    if (path === '_id') return wanted ? '1' : '0';
    const segments = this.segments(path);
    if (segments.length > 1 && !this.arrayFree.has(path)) untranslatable('$exists on a dotted path that may cross an array');
    const sql = `json_type(body, ${jsonPath(segments)}) IS NOT NULL`;
    return wanted ? sql : `NOT (${sql})`;
  }

  /** Runs `test` on the field's value and, where arrays are possible, on every value MongoDB reaches through them. */
  private anyValue(path: string, test: KeyTest): string {
    if (path === '_id') return test(ID_KEY);
    const segments = this.segments(path);
    return this.arrayFree.has(path) ? test(fieldKey(segments)) : this.anyCandidate('body', [], segments, test);
  }

  /**
   * The field at `base.rest[0]` inside `source`: its own value, the elements of an array there, and
   * when the path goes on, the same search inside each sub-document of such an array.
   */
  private anyCandidate(source: string, base: readonly string[], rest: readonly string[], test: KeyTest): string {
    const here = [...base, rest[0]!];
    const alias = `e${this.aliases++}`;
    const elements = `json_type(${source}, ${jsonPath(here)}) = 'array' AND EXISTS (SELECT 1 FROM json_each(${source}, ${jsonPath(here)}) AS ${alias} WHERE`;
    if (rest.length === 1) return `(${test(fieldKey(here, source))} OR (${elements} ${test(elementKey(alias))})))`;
    const inside = this.anyCandidate(`${alias}.value`, [], rest.slice(1), test);
    return `(${this.anyCandidate(source, here, rest.slice(1), test)} OR (${elements} ${alias}.type = 'object' AND ${inside})))`;
  }

  private segments(path: string): string[] {
    return pathSegments(path) ?? untranslatable(`the path ${JSON.stringify(path)}`);
  }

  /** Forgets the parameters added after the first `kept`, when the conjunct that added them goes to mingo. */
  dropParamsAfter(kept: number): void {
    for (const name of Object.keys(this.params).slice(kept)) delete this.params[name];
  }

  private param(value: unknown): string {
    const name = `${this.paramPrefix}p${Object.keys(this.params).length}`;
    this.params[name] = value;
    return `@${name}`;
  }
}

/** Top-level conjuncts, so that one untranslatable condition leaves the others to SQL. */
function conjuncts(filter: Filter): Filter[] {
  return Object.entries(filter).flatMap(([key, value]) => (key === '$and' ? (value as Filter[]).flatMap(conjuncts) : [{ [key]: value }]));
}

/**
 * Translates a (validated, mingo-compiled) filter. `arrayFree` names the paths known to hold no
 * array in this collection; conditions on them compare one key, which an expression index serves.
 * `paramPrefix` starts the parameters' names, so that several filters can go into one statement.
 */
export function translateFilter(filter: Filter, arrayFree: PathSet, paramPrefix = ''): SqlFilter {
  const translator = new Translator(arrayFree, paramPrefix);
  const translated: string[] = [];
  const residual: Filter[] = [];
  const untranslated: string[] = [];
  for (const conjunct of conjuncts(filter)) {
    const kept = Object.keys(translator.params).length;
    try {
      translated.push(translator.clause(conjunct));
    } catch (error) {
      if (!(error instanceof Untranslatable)) throw error;
      translator.dropParamsAfter(kept);
      residual.push(conjunct);
      untranslated.push(error.message);
    }
  }
  return {
    where: translated.length ? translated.join(' AND ') : '1',
    params: translator.params,
    residual: residual.length === 0 ? null : residual.length === 1 ? residual[0]! : { $and: residual },
    untranslated,
  };
}
