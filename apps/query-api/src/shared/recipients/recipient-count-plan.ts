import type { Filter } from '@beacon/read-store';

/**
 * How a message's recipient criteria become one count of the read store (countSubsets): the people
 * the include criteria choose, and of those the ones no exclusion removes, with each device field and
 * with none of them. Pure: the handler resolves each criterion against the read models first.
 */

/** What a criterion chooses: everyone (true), nobody (false), or the documents a filter matches. */
export type Match = Filter | boolean;

/** Matches nothing in every store (`_id` in no ids). */
const NOTHING: Filter = { _id: { $in: [] } };

export const filterOf = (match: Match): Filter => (match === true ? {} : match === false ? NOTHING : match);

/** All of the matches (true when there are none). */
export function allOf(matches: readonly Match[]): Match {
  if (matches.includes(false)) return false;
  const filters = matches.filter((match): match is Filter => match !== true);
  return filters.length === 0 ? true : filters.length === 1 ? filters[0]! : { $and: filters };
}

/** Any of the matches (false when there are none). */
export function anyOf(matches: readonly Match[]): Match {
  if (matches.includes(true)) return true;
  const filters = matches.filter((match): match is Filter => match !== false);
  return filters.length === 0 ? false : filters.length === 1 ? filters[0]! : { $or: filters };
}

export function noneOf(match: Match): Match {
  return typeof match === 'boolean' ? !match : { $nor: [match] };
}

/** How the counted documents hold what the criteria and devices test (the users' recipient keys, or their own documents). */
export interface RecipientFields {
  /** People messages reach: active, and message recipients. */
  readonly receivesMessages: Filter;
  holdsOption(optionId: string): Filter;
  hasValue(fieldId: string): Filter;
}

export interface RecipientCountPlan {
  /** The people in the message's groups whom messages reach and the include criteria choose. */
  readonly included: Match;
  /** Of those: kept (no exclusion removes them), then kept with a value of each device field, then kept with none. */
  readonly subsets: readonly Match[];
}

export interface RecipientCriteria {
  /** The message's customer group and its descendants (true: the whole organisation). */
  readonly scope: Match;
  readonly include: readonly Match[];
  /** Include criteria combine by all of them (true) or any (false). */
  readonly includeAll: boolean;
  /** Exclusions in force (none when is_exclude_recipients is off). */
  readonly exclude: readonly Match[];
  readonly excludeAll: boolean;
  /** The device fields to count, each once. */
  readonly deviceFields: readonly string[];
}

export function recipientCountPlan(criteria: RecipientCriteria, fields: RecipientFields): RecipientCountPlan {
  const chosen = criteria.includeAll ? allOf(criteria.include) : anyOf(criteria.include);
  const included = criteria.include.length ? allOf([criteria.scope, fields.receivesMessages, chosen]) : false;
  const excluded = criteria.exclude.length ? (criteria.excludeAll ? allOf(criteria.exclude) : anyOf(criteria.exclude)) : false;
  const kept = noneOf(excluded);
  const valued = criteria.deviceFields.map((fieldId) => fields.hasValue(fieldId));
  return {
    included,
    subsets: [kept, ...valued.map((value) => allOf([kept, value])), allOf([kept, noneOf(anyOf(valued))])],
  };
}

export interface RecipientCounts {
  readonly count: number;
  readonly excluded: number;
  /** Per device field, as the plan's deviceFields. */
  readonly withValue: ReadonlyMap<string, number>;
  readonly withoutDevices: number;
}

/** The figures of a plan from the store's answer to it (null: the plan chose nobody and was not asked). */
export function recipientCounts(criteria: RecipientCriteria, answer: { count: number; subsets: readonly number[] } | null): RecipientCounts {
  if (!answer) return { count: 0, excluded: 0, withValue: new Map(criteria.deviceFields.map((fieldId) => [fieldId, 0])), withoutDevices: 0 };
  const [kept = 0, ...rest] = answer.subsets;
  return {
    count: kept,
    excluded: answer.count - kept,
    withValue: new Map(criteria.deviceFields.map((fieldId, index) => [fieldId, rest[index] ?? 0])),
    withoutDevices: rest[criteria.deviceFields.length] ?? 0,
  };
}
