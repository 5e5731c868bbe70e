/**
 * How the activity log tells an event in words. Each aggregate describes its own event types next to
 * its events (`<aggregate>.activity.ts`); the activity log composes them. A description is a pure
 * function of the event: its data, and who did it.
 */

/** What an activity-log entry is about, for the category filter. */
export const ACTIVITY_LOG_CATEGORIES = ['customer_group', 'user', 'sign_in', 'incident', 'message', 'dispatch', 'other'] as const;
export type ActivityLogCategory = (typeof ACTIVITY_LOG_CATEGORIES)[number];

/** A detail value; details never hold secrets, only names, ids and flags. */
export type ActivityLogDetailValue = string | number | boolean | null;

/** How the activity log tells one event: in words, with a safe subset of its data. */
export interface ActivityDescription {
  readonly category: ActivityLogCategory;
  readonly summary: string;
  readonly details: Record<string, ActivityLogDetailValue>;
  /** The user the event is about, when it is about one. */
  readonly targetUserId: string | null;
}

/** What a description reads of a recorded event. */
export interface DescribedEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: { readonly actorUserId?: string | null };
}

/**
 * An event's data, read field by field. A missing field or one of another type throws, so an event
 * whose shape changed falls back to the generic description instead of saying "undefined".
 */
export class EventFields {
  constructor(private readonly data: Record<string, unknown>) {}

  string(name: string): string {
    const value = this.data[name];
    if (typeof value !== 'string') throw new TypeError(`${name} is not a string`);
    return value;
  }

  stringOrNull(name: string): string | null {
    const value = this.data[name];
    if (value === null || typeof value === 'string') return value;
    throw new TypeError(`${name} is not a string or null`);
  }

  stringOrAbsent(name: string): string | undefined {
    const value = this.data[name];
    if (value === undefined || typeof value === 'string') return value;
    throw new TypeError(`${name} is not a string`);
  }

  booleanOrAbsent(name: string): boolean | undefined {
    const value = this.data[name];
    if (value === undefined || typeof value === 'boolean') return value;
    throw new TypeError(`${name} is not a boolean`);
  }

  count(name: string): number {
    const value = this.data[name];
    if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError(`${name} is not a whole number`);
    return value;
  }

  flag(name: string): boolean {
    return this.data[name] === true;
  }

  /** The fields of an object-valued field (IncidentStarted's `incident`). */
  inner(name: string): EventFields {
    const value = this.data[name];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${name} is not an object`);
    return new EventFields(value as Record<string, unknown>);
  }

  /** The names inside an object-valued field (which settings a change holds), in their order. */
  keys(name: string): string[] {
    return Object.keys(this.inner(name).data);
  }

  /** A list of names, as the event holds them. */
  strings(name: string): string[] {
    const value = this.data[name];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw new TypeError(`${name} is not a list of strings`);
    return value as string[];
  }

  length(name: string): number {
    const value = this.data[name];
    if (!Array.isArray(value)) throw new TypeError(`${name} is not a list`);
    return value.length;
  }
}

/** Describes events of one type. Details name fields one by one, never whole payloads. */
export type ActivityDescriber = (fields: EventFields, event: DescribedEvent) => ActivityDescription;

/** An aggregate's describers: one for each of its event types, which the compiler checks. */
export type AggregateActivity<TType extends string> = { readonly [K in TType]: ActivityDescriber };

export const describedAs = (
  category: ActivityLogCategory,
  summary: string,
  details: Record<string, ActivityLogDetailValue> = {},
  targetUserId: string | null = null,
): ActivityDescription => ({ category, summary, details, targetUserId });

export const isActor = (userId: string, event: DescribedEvent) => event.metadata.actorUserId === userId;

/** An event's data as a record of fields (none when it is not an object). */
export const eventDataOf = (event: DescribedEvent): Record<string, unknown> =>
  typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>) : {};

/** Categories of types described by name, by the aggregate their name starts with. */
const CATEGORY_BY_PREFIX: readonly (readonly [RegExp, ActivityLogCategory])[] = [
  [/^User(Signed|SignIn|Login|Logout|LoggedIn|LoggedOut|Locked|Unlocked|TwoFactor)/, 'sign_in'],
  [/^User/, 'user'],
  [/^(CustomerGroup|IncidentModule)/, 'customer_group'],
  [/^Incident/, 'incident'],
  [/^(Scenario|Session|Message|Template|Recipient)/, 'message'],
  [/^Dispatch/, 'dispatch'],
];

/** Field names that may hold a secret or a stand-in for one: never copied, whatever their suffix. */
const SECRET_NAME = /token|secret|password|hash|key|otp|code/i;

const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** "UserAvatarChanged" → "User avatar changed"; acronyms stay as they are ("SMSSent" → "SMS sent"). */
export function humanizeEventType(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
  if (!words.length) return 'Unknown event';
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * The words for a type without words of its own, and for an event of a shape its describer does not
 * know: its name in words, and only its ids (string `...Id` fields) as details.
 */
export function describeGenerically(event: DescribedEvent): ActivityDescription {
  const data = eventDataOf(event);
  const details: Record<string, ActivityLogDetailValue> = {};
  for (const [name, value] of Object.entries(data)) {
    if (name.endsWith('Id') && !SECRET_NAME.test(name) && typeof value === 'string') details[snakeCase(name)] = value;
  }
  const category = CATEGORY_BY_PREFIX.find(([pattern]) => pattern.test(event.type))?.[1] ?? 'other';
  const userId = data.userId;
  return describedAs(category, humanizeEventType(event.type), details, typeof userId === 'string' ? userId : null);
}

/** The describer of a type whose name and ids say enough. */
export const describedByName: ActivityDescriber = (_fields, event) => describeGenerically(event);
