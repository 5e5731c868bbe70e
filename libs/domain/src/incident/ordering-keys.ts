import { validationError } from '../shared/domain-errors';

/**
 * Ordering keys (spec part 1, sections 3, 4 and 9): a non-empty lowercase-letter string kept in an
 * `order` field. Items sort by plain string comparison of their keys (`<`, never `localeCompare`).
 *
 * The spec's algorithm:
 * - after the last item, the last letter is incremented, carrying over a final z;
 * - before the first item, the last letter is decremented;
 * - between two items a key between them is produced, adding m if needed;
 * - an empty list gives zzzzz.
 *
 * Invariant kept by every function here: a generated key never ends in 'a'. A key ending in 'a'
 * is a dead end (nothing sorts between `k` and `k + 'a'`, and nothing sorts before `'a'`), so
 * avoiding it guarantees there is always room before, after and between generated keys.
 * Keys that do end in 'a' are still accepted as input (they may come from stored data).
 */

/** The key of the first item of an empty list (section 9: "Ordering default key"). */
export const ORDERING_DEFAULT_KEY = 'zzzzz';

const KEY_PATTERN = /^[a-z]+$/;
const A = 'a'.charCodeAt(0);

export function isOrderingKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_PATTERN.test(value);
}

function assertKey(value: unknown, name: string): asserts value is string {
  if (!isOrderingKey(value)) {
    throw validationError(
      `Invalid ordering key for ${name}: ${JSON.stringify(value)}; an ordering key is a non-empty string of lowercase letters a-z.`,
      { [name]: ['An ordering key is a non-empty string of lowercase letters a-z.'] },
    );
  }
}

const letter = (code: number) => String.fromCharCode(A + code);
const code = (key: string, index: number) => key.charCodeAt(index) - A;

/**
 * A key strictly after `last`: strip the trailing z's ("carrying over a final z") and increment
 * the letter before them. When the key is all z's there is nothing to carry into, so 'm' is
 * appended instead.
 *
 * Examples: 'a' → 'b', 'b' → 'c', 'y' → 'z', 'az' → 'b', 'abzz' → 'ac', 'zy' → 'zz',
 * 'z' → 'zm', 'zzzzz' → 'zzzzzm', 'ba' → 'bb'.
 *
 * 'az' → 'b' (rather than 'ba'): 'b' > 'az' and, unlike 'ba', does not end in 'a'.
 */
export function keyAfter(last: string): string {
  assertKey(last, 'last');
  const kept = last.replace(/z+$/, '');
  if (kept === '') return `${last}m`;
  const i = kept.length - 1;
  return kept.slice(0, i) + letter(code(kept, i) + 1);
}

/**
 * A key strictly before `first`: strip trailing a's (which only appear in keys not made here) and
 * decrement the last letter; when that letter becomes 'a', append 'm' so the result keeps room
 * before it.
 *
 * Examples: 'c' → 'b', 'z' → 'y', 'zzzzz' → 'zzzzy', 'b' → 'am', 'ab' → 'aam', 'bz' → 'by',
 * 'ba' → 'am', 'caa' → 'b'.
 *
 * Throws for a key made only of a's ('a', 'aa', …): no lowercase key sorts before it.
 */
export function keyBefore(first: string): string {
  assertKey(first, 'first');
  const kept = first.replace(/a+$/, '');
  if (kept === '') {
    throw validationError(`No ordering key sorts before "${first}".`, {
      first: ['No ordering key sorts before a key made only of the letter a.'],
    });
  }
  const i = kept.length - 1;
  const decremented = kept.slice(0, i) + letter(code(kept, i) - 1);
  return decremented.endsWith('a') ? `${decremented}m` : decremented;
}

/**
 * A key strictly between `before` and `after` (which must satisfy `before < after`).
 *
 * Walks both keys letter by letter. Where they first differ, it picks the middle letter strictly
 * between them (never 'a'); when no letter fits it keeps the lower key's letter and continues with
 * no upper bound, and once the lower key has run out the middle letter is 'm' ("adding m").
 *
 * Examples: ('a', 'c') → 'b', ('a', 'b') → 'am', ('az', 'b') → 'azm', ('b', 'z') → 'n',
 * ('x', 'xb') → 'xam', ('x', 'xab') → 'xaam', ('am', 'b') → 'at'.
 *
 * Throws when `before >= after`, or when `after` is `before` followed only by a's ('x', 'xa'):
 * no lowercase key sorts strictly between those.
 */
export function keyBetween(before: string, after: string): string {
  assertKey(before, 'before');
  assertKey(after, 'after');
  if (!(before < after)) {
    throw validationError(`Ordering key "${before}" must sort before "${after}" to put a key between them.`, {
      before: ['The first ordering key must sort before the second.'],
    });
  }
  if (after.startsWith(before) && /^a+$/.test(after.slice(before.length))) {
    throw validationError(`No ordering key sorts between "${before}" and "${after}".`, {
      after: ['No ordering key sorts between these keys.'],
    });
  }

  let result = '';
  let upperBounded = true; // false once the result already sorts below `after`
  for (let i = 0; ; i++) {
    const low = i < before.length ? code(before, i) : -1; // -1: `before` has run out
    const high = upperBounded ? code(after, i) : 26; // 26: no upper bound; `after` never runs out here
    if (low === high) {
      result += letter(low);
      continue;
    }
    const from = Math.max(low + 1, 1); // never choose 'a'
    const to = high - 1;
    if (from <= to) return result + letter(Math.min(Math.max(Math.floor((low + high) / 2), from), to));
    if (low >= 0) {
      // No letter strictly between low and high: keep `before`'s letter, now below `after`.
      result += letter(low);
      upperBounded = false;
    } else {
      // `before` has run out and `after` has 'a' (high 0) or 'b' (high 1) here: only 'a' fits.
      result += 'a';
      if (high === 1) upperBounded = false;
    }
  }
}

/**
 * The key for a new item inserted at `position` (0-based) into a list whose keys are strictly
 * increasing: an empty list gives 'zzzzz', position 0 goes before the first, a position at or past
 * the end goes after the last, anything else goes between its two neighbours.
 */
export function keyForPosition(orderedKeys: readonly string[], position: number): string {
  if (!Number.isInteger(position) || position < 0) {
    throw validationError(`Invalid position ${String(position)}; a position is a whole number of at least 0.`, {
      position: ['A position is a whole number of at least 0.'],
    });
  }
  orderedKeys.forEach((key, index) => {
    assertKey(key, `orderedKeys[${index}]`);
    if (index > 0 && !(orderedKeys[index - 1] < key)) {
      throw validationError(`Ordering keys must be strictly increasing: "${orderedKeys[index - 1]}" then "${key}".`, {
        orderedKeys: ['Ordering keys must be strictly increasing.'],
      });
    }
  });
  if (orderedKeys.length === 0) return ORDERING_DEFAULT_KEY;
  if (position === 0) return keyBefore(orderedKeys[0]);
  if (position >= orderedKeys.length) return keyAfter(orderedKeys[orderedKeys.length - 1]);
  return keyBetween(orderedKeys[position - 1], orderedKeys[position]);
}

/** The key of a new item placed after every existing item ('zzzzz' for an empty list). */
export const keyAtEnd = (orderedKeys: readonly string[]) => keyForPosition(orderedKeys, orderedKeys.length);

/** The key of a new item placed before every existing item ('zzzzz' for an empty list). */
export const keyAtStart = (orderedKeys: readonly string[]) => keyForPosition(orderedKeys, 0);

/**
 * Drag and drop: the new key for the item at index `from` moved so that it ends up at index `to`
 * of the reordered list. Only the moved item changes key.
 */
export function keyForMove(orderedKeys: readonly string[], from: number, to: number): string {
  if (!Number.isInteger(from) || from < 0 || from >= orderedKeys.length) {
    throw validationError(`Invalid index ${String(from)} to move from; the list has ${orderedKeys.length} items.`, {
      from: ['The item to move is not in the list.'],
    });
  }
  const rest = orderedKeys.filter((_, index) => index !== from);
  if (!Number.isInteger(to) || to < 0 || to > rest.length) {
    throw validationError(`Invalid index ${String(to)} to move to; the list has ${orderedKeys.length} items.`, {
      to: ['The target position is not in the list.'],
    });
  }
  if (rest.length === 0) return orderedKeys[from];
  return keyForPosition(rest, to);
}

/** Plain string comparison of ordering keys, for `Array.prototype.sort`. */
export const compareOrderingKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
