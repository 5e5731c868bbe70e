import Holidays from 'date-holidays';
import { isIanaTimeZone } from '../customer-group/customer-group-settings';
import { validationError } from '../shared/domain-errors';
import { instantOfWallClock, wallClockAt } from '../on-call/on-call-time';

/**
 * The holiday and weekend checks of a message's send (spec part 2 §3 "Holiday and weekend checks":
 * check_holiday, reschedule_holiday, check_weekend, reschedule_weekend, country, subdivision,
 * holiday_list). A send falls on the day its time shows in the given time zone; that day is a
 * holiday when the country (and subdivision, where holidays differ by region, such as Scotland's
 * 2 January) has a public holiday then, substitute days included, and a weekend by the country's
 * week (Saturday and Sunday in most; Friday and Saturday in some, from the Unicode CLDR data the
 * runtime's Intl knows). A day the checks find is either skipped or, with rescheduling on, moved to
 * the next day that no check finds, at the same time of day there.
 *
 * Holidays come from date-holidays (public holidays of some 200 countries as bundled data; its
 * `public` type only: bank, school, optional days and observances do not stop a send).
 */

export interface HolidayCheckSettings {
  readonly check_holiday: boolean;
  readonly reschedule_holiday: boolean;
  readonly check_weekend: boolean;
  readonly reschedule_weekend: boolean;
  /** ISO 3166-1 alpha-2 (GB); needed when check_holiday is on. */
  readonly country?: string | null;
  /** The country's region code as date-holidays names it (ENG, SCT, WLS, NIR for GB); '' or absent for the whole country. */
  readonly subdivision?: string | null;
  /** The message's own holidays (a site's closure days), checked with check_holiday beside the country's; a date that is not YYYY-MM-DD matches no day. */
  readonly holiday_list?: readonly HolidayEntry[];
}

export interface HolidayEntry {
  /** The local calendar day, YYYY-MM-DD. */
  readonly date: string;
  readonly name: string;
}

/** What to do with the send: send as planned, send later (rescheduled_at), or not at all. */
export type HolidayCheckOutcome = 'send' | 'reschedule' | 'skip';

export interface HolidayCheckResult {
  /** The instant checked, as ISO 8601 in UTC. */
  readonly at: string;
  readonly timezone: string;
  /** The day the send falls on in the time zone, YYYY-MM-DD. */
  readonly local_date: string;
  /** A public holiday of the country (and subdivision) that day; false when no country is given. */
  readonly is_holiday: boolean;
  readonly is_weekend: boolean;
  /** The public holidays on that day. */
  readonly holiday_list: readonly HolidayEntry[];
  readonly outcome: HolidayCheckOutcome;
  /** The send does not happen: a check found the day and its rescheduling is off. */
  readonly skipped: boolean;
  /** With rescheduling: the same time of day on the next day no check finds, as ISO 8601 in UTC; otherwise null. */
  readonly rescheduled_at: string | null;
}

export interface HolidayCountry {
  readonly code: string;
  readonly name: string;
  readonly subdivisions: readonly { readonly code: string; readonly name: string }[];
}

export const HOLIDAY_YEAR_MIN = 1900;
export const HOLIDAY_YEAR_MAX = 2100;
/** How far a send may move: more than any run of holidays and weekends there is. */
export const RESCHEDULE_DAYS_MAX = 31;

export const COUNTRY_REQUIRED = 'Choose the country whose public holidays the send is checked against.';
export const AT_INVALID = 'Give the send time as an ISO 8601 instant with its offset, for example 2026-12-25T09:00:00Z.';
export const YEAR_INVALID = `A year from ${HOLIDAY_YEAR_MIN} to ${HOLIDAY_YEAR_MAX}.`;
/** Echoes what was sent, cut short: a code is a few letters, a hostile one may be kilobytes. */
const shown = (text: string) => JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}…` : text);
export const unknownCountry = (code: string) => `${shown(code)} is not a country with a holiday calendar.`;
export const unknownSubdivision = (code: string, country: string) => `${shown(code)} is not a subdivision of ${country} with a holiday calendar.`;
export const unknownHolidayTimeZone = (zone: string) => `${shown(zone)} is not a known IANA time zone.`;

const WEEKEND_DEFAULT: readonly number[] = [6, 7];

/** One instance of the library answers the catalogue (made when first asked); calendars are built per country and subdivision. */
let catalogueInstance: Holidays | undefined;
const catalogue = () => (catalogueInstance ??= new Holidays());

const countryNames = (): ReadonlyMap<string, string> => {
  const names = new Map<string, string>();
  for (const [code, name] of Object.entries(catalogue().getCountries('en'))) names.set(code.toUpperCase(), name);
  return names;
};
let countries: ReadonlyMap<string, string> | undefined;

const subdivisionsOf = (country: string): ReadonlyMap<string, { readonly code: string; readonly name: string }> => {
  const found = new Map<string, { code: string; name: string }>();
  for (const [code, name] of Object.entries(catalogue().getStates(country, 'en') ?? {})) found.set(code.toUpperCase(), { code, name });
  return found;
};

/** The country's code as the catalogue spells it; a validation error naming `country` otherwise. */
function knownCountry(country: string): string {
  countries ??= countryNames();
  const code = country.trim().toUpperCase();
  if (!countries.has(code)) throw validationError(unknownCountry(country), { country: [unknownCountry(country)] });
  return code;
}

/** The subdivision's code as the catalogue spells it ('' for none); a validation error naming `subdivision` otherwise. */
function knownSubdivision(country: string, subdivision: string | null | undefined): string {
  const wanted = (subdivision ?? '').trim();
  if (wanted === '') return '';
  const found = subdivisionsOf(country).get(wanted.toUpperCase());
  if (!found) throw validationError(unknownSubdivision(wanted, country), { subdivision: [unknownSubdivision(wanted, country)] });
  return found.code;
}

function checkedYear(year: number): number {
  if (!Number.isInteger(year) || year < HOLIDAY_YEAR_MIN || year > HOLIDAY_YEAR_MAX) throw validationError(YEAR_INVALID, { year: [YEAR_INVALID] });
  return year;
}

/** Public holidays by local day, per country, subdivision and year; kept, as the rules are slow to evaluate. */
const calendars = new Map<string, ReadonlyMap<string, readonly HolidayEntry[]>>();
const CALENDARS_KEPT = 2000;

function publicHolidays(country: string, subdivision: string, year: number): ReadonlyMap<string, readonly HolidayEntry[]> {
  const key = `${country}/${subdivision}/${year}`;
  const kept = calendars.get(key);
  if (kept) return kept;
  const calendar = subdivision === '' ? new Holidays(country) : new Holidays(country, subdivision);
  const byDay = new Map<string, HolidayEntry[]>();
  for (const holiday of calendar.getHolidays(year, 'en')) {
    if (holiday.type !== 'public') continue;
    const date = holiday.date.slice(0, 10);
    const entries = byDay.get(date) ?? [];
    if (!entries.some((entry) => entry.name === holiday.name)) entries.push({ date, name: holiday.name });
    byDay.set(date, entries);
  }
  if (calendars.size >= CALENDARS_KEPT) calendars.clear();
  calendars.set(key, byDay);
  return byDay;
}

/** The country's and subdivision's codes as the catalogue spells them ('' for the whole country); validation errors naming the unknown one. */
export function holidayRegionOf(country: string, subdivision: string | null | undefined): { readonly country: string; readonly subdivision: string } {
  const code = knownCountry(country);
  return { country: code, subdivision: knownSubdivision(code, subdivision) };
}

/** The public holidays of a country (and subdivision) in a year, by date. */
export function holidaysOf(country: string, subdivision: string | null | undefined, year: number): HolidayEntry[] {
  const code = knownCountry(country);
  const region = knownSubdivision(code, subdivision);
  return [...publicHolidays(code, region, checkedYear(year)).values()].flat().sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

let countryList: readonly HolidayCountry[] | undefined;

/** Every country with a holiday calendar and its subdivisions, by name. */
export function holidayCountries(): readonly HolidayCountry[] {
  countries ??= countryNames();
  countryList ??= [...countries.entries()]
    .map(([code, name]) => ({ code, name, subdivisions: [...subdivisionsOf(code).values()].sort((a, b) => a.name.localeCompare(b.name, 'en')) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countryList;
}

/** ISO weekdays (1 Monday … 7 Sunday) of the country's weekend, from CLDR where the runtime has it. */
export function weekendOf(country: string | null | undefined): readonly number[] {
  if (!country) return WEEKEND_DEFAULT;
  try {
    // Intl.Locale's week data is newer than the TypeScript library we compile against: weekInfo (Node 20), getWeekInfo() later.
    const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & {
      weekInfo?: { weekend?: number[] };
      getWeekInfo?: () => { weekend?: number[] };
    };
    const weekend = (locale.getWeekInfo?.() ?? locale.weekInfo)?.weekend;
    return weekend && weekend.length > 0 ? weekend : WEEKEND_DEFAULT;
  } catch {
    return WEEKEND_DEFAULT;
  }
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Epoch milliseconds of an ISO 8601 instant with its offset; a validation error naming `at` otherwise (31 February included). */
export function parseSendTime(at: string): number {
  const match = ISO_INSTANT.exec(at);
  const instant = Date.parse(at);
  if (!match || !Number.isFinite(instant)) throw validationError(AT_INVALID, { at: [AT_INVALID] });
  const [year, month, day, hour, minute, second = '0'] = match.slice(1).map((part) => part ?? '0') as string[];
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real =
    calendar.getUTCFullYear() === Number(year) &&
    calendar.getUTCMonth() === Number(month) - 1 &&
    calendar.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60;
  if (!real) throw validationError(AT_INVALID, { at: [AT_INVALID] });
  return instant;
}

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const dayText = ({ year, month, day }: Day) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const nextDay = ({ year, month, day }: Day): Day => {
  const date = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
const isoWeekday = ({ year, month, day }: Day) => new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;

/**
 * Whether a send at `at` (an ISO 8601 instant) in `timezone` falls on a public holiday or a weekend,
 * and what then happens to it. A day found by a check whose rescheduling is off skips the send; when
 * every check that finds the day reschedules, the send moves to the same time of day on the next day
 * that no check finds (a time the clocks skip that day moves forward by the gap, one they repeat is
 * the first).
 */
export function checkHolidayAndWeekend(at: string, timezone: string, settings: HolidayCheckSettings): HolidayCheckResult {
  const instant = parseSendTime(at);
  if (!isIanaTimeZone(timezone)) throw validationError(unknownHolidayTimeZone(timezone), { timezone: [unknownHolidayTimeZone(timezone)] });
  const hasCountry = typeof settings.country === 'string' && settings.country.trim() !== '';
  if (settings.check_holiday && !hasCountry && !settings.holiday_list?.length) throw validationError(COUNTRY_REQUIRED, { country: [COUNTRY_REQUIRED] });
  const country = hasCountry ? knownCountry(settings.country as string) : '';
  const subdivision = hasCountry ? knownSubdivision(country, settings.subdivision) : '';
  const weekend = weekendOf(country);

  const ownHolidays = settings.holiday_list ?? [];
  const holidaysOn = (day: Day): readonly HolidayEntry[] => {
    const text = dayText(day);
    const publicOnes = country === '' ? [] : (publicHolidays(country, subdivision, checkedYear(day.year)).get(text) ?? []);
    const own = ownHolidays.filter((entry) => entry.date.trim() === text && !publicOnes.some((known) => known.name === entry.name));
    return own.length ? [...publicOnes, ...own.map((entry) => ({ date: text, name: entry.name }))] : publicOnes;
  };
  const isWeekend = (day: Day) => weekend.includes(isoWeekday(day));
  const foundByChecks = (day: Day) => (settings.check_holiday && holidaysOn(day).length > 0) || (settings.check_weekend && isWeekend(day));

  const clock = wallClockAt(instant, timezone);
  const sendDay: Day = { year: clock.year, month: clock.month, day: clock.day };
  const holiday_list = holidaysOn(sendDay);
  const is_holiday = holiday_list.length > 0;
  const is_weekend = isWeekend(sendDay);
  const base = { at: new Date(instant).toISOString(), timezone, local_date: dayText(sendDay), is_holiday, is_weekend, holiday_list };

  const byHoliday = settings.check_holiday && is_holiday;
  const byWeekend = settings.check_weekend && is_weekend;
  if (!byHoliday && !byWeekend) return { ...base, outcome: 'send', skipped: false, rescheduled_at: null };
  if ((byHoliday && !settings.reschedule_holiday) || (byWeekend && !settings.reschedule_weekend)) {
    return { ...base, outcome: 'skip', skipped: true, rescheduled_at: null };
  }

  let candidate = nextDay(sendDay);
  for (let moved = 1; foundByChecks(candidate); moved += 1) {
    // No calendar has a month of holidays and weekends; a send with nowhere to go is skipped rather than looped over.
    if (moved === RESCHEDULE_DAYS_MAX) return { ...base, outcome: 'skip', skipped: true, rescheduled_at: null };
    candidate = nextDay(candidate);
  }
  const milliseconds = instant - Math.floor(instant / 1000) * 1000;
  const rescheduled = instantOfWallClock({ ...candidate, hour: clock.hour, minute: clock.minute, second: clock.second }, timezone) + milliseconds;
  return { ...base, outcome: 'reschedule', skipped: false, rescheduled_at: new Date(rescheduled).toISOString() };
}
