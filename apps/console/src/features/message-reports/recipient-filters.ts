import { RESPONDED, type SessionRecipientFilters, type SessionReportDetailsDto } from '@beacon/contracts';
import { DELIVERY_FAILURE, EXCLUDED_USERS, instantOfWallClock, isoInstant, NO_RESPONSE, type RecipientState } from '@beacon/domain';
import type { ReportAggregates } from './message-reports-api';

/** The people filters the server may offer a caller (details.detail.filters). */
export type PeopleFilter = SessionReportDetailsDto['detail']['filters'][number];

/**
 * The filters as the form holds them: '' for "any"; the reply time as the browser's date-time inputs
 * give it (YYYY-MM-DDTHH:mm, on the user's time zone's clocks).
 */
export interface FilterValues {
  readonly state: RecipientState | '';
  readonly reply: string;
  readonly replyFrom: string;
  readonly replyTo: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

export const NO_FILTER_VALUES: FilterValues = { state: '', reply: '', replyFrom: '', replyTo: '', name: '', email: '', phone: '' };

/**
 * The filters the form shows: those the server lists for the caller (their role and the organisation's
 * permissions, spec §6), with email and phone only when the session went out by email, or by SMS or
 * voice call (spec §6: "Email and phone filters appear only if the session has that channel").
 */
export function shownFilters(details: Pick<SessionReportDetailsDto, 'detail' | 'channels'>): ReadonlySet<PeopleFilter> {
  const channels = new Set<string>(details.channels);
  const hasChannel: Partial<Record<PeopleFilter, boolean>> = {
    email: channels.has('EMAIL'),
    phone: channels.has('SMS') || channels.has('VOICE'),
  };
  return new Set(details.detail.filters.filter((filter) => hasChannel[filter] ?? true));
}

/** "2026-03-05T14:07" on the zone's clocks as an ISO instant; '' stays unset. */
export function instantOfLocalInput(value: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return isoInstant(instantOfWallClock({ year, month, day, hour, minute, second: 0 }, timeZone));
}

/** The filters as the API takes them: only those shown, trimmed, empty ones left out. */
export function filtersOf(values: FilterValues, shown: ReadonlySet<PeopleFilter>, timeZone: string): SessionRecipientFilters {
  const filters: SessionRecipientFilters = {};
  const text = (value: string) => value.trim() || undefined;
  if (shown.has('state') && values.state) filters.state = values.state;
  if (shown.has('reply')) filters.reply = text(values.reply);
  if (shown.has('reply_time')) {
    filters.reply_time_from = instantOfLocalInput(values.replyFrom, timeZone);
    filters.reply_time_to = instantOfLocalInput(values.replyTo, timeZone);
  }
  if (shown.has('name')) filters.name = text(values.name);
  if (shown.has('email')) filters.email = text(values.email);
  if (shown.has('phone')) filters.phone = text(values.phone);
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as SessionRecipientFilters;
}

export const isFiltered = (filters: SessionRecipientFilters): boolean => Object.keys(filters).length > 0;

/** The reply labels every session has, then "anyone who replied". */
const FIXED_REPLIES = [NO_RESPONSE, DELIVERY_FAILURE, RESPONDED] as const;

/**
 * The replies the reply filter offers: the labels, then each reply the counts name (a polling
 * choice's text); Excluded Users are not among the people listed.
 */
export function replyChoices(aggregates: ReportAggregates | null): string[] {
  const fixed = new Set<string>([...FIXED_REPLIES, EXCLUDED_USERS]);
  const replied = (aggregates?.reply.buckets ?? []).map((bucket) => bucket.key).filter((key) => !fixed.has(key));
  return [...FIXED_REPLIES, ...replied];
}
