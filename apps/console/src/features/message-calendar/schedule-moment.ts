import { displayDate, displayTimeSkipped, isoInZone, REQUIRED, resolveWallClock } from '@beacon/domain';
import { isCalendarDay } from './calendar-period';

/*
 * The moment Schedule Message sends at: a date and a time as the native inputs give them
 * (YYYY-MM-DD, HH:MM or HH:MM:SS) on the user's clocks, as the ISO instant with its offset that
 * POST /api/session/ takes. The conversion is libs/domain's, so it holds across clock changes.
 */

export type MomentField = 'date' | 'time';

/** Spec part 2 §5 has no text for these; they name what to type, as the inputs' own checks would. */
export const DATE_INVALID = 'Enter a date as DD/MM/YYYY.';
export const TIME_INVALID = 'Enter a time as HH:MM.';

const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

export type ScheduleMoment = { readonly iso: string } | { readonly errors: Partial<Record<MomentField, readonly string[]>> };

/**
 * The instant the date and time name in the zone: `2026-03-05T10:30:00+01:00`. A time the clocks skip
 * there (the hour they go forward) is refused with the reason; one they repeat is its first occurrence.
 */
export function scheduleMoment(date: string, time: string, timeZone: string): ScheduleMoment {
  const errors: Partial<Record<MomentField, readonly string[]>> = {};
  if (date.trim() === '') errors.date = [REQUIRED];
  else if (!isCalendarDay(date.trim())) errors.date = [DATE_INVALID];
  const clock = TIME_PATTERN.exec(time.trim());
  if (time.trim() === '') errors.time = [REQUIRED];
  else if (!clock || Number(clock[1]) > 23 || Number(clock[2]) > 59 || Number(clock[3] ?? 0) > 59) errors.time = [TIME_INVALID];
  if (errors.date || errors.time || !clock) return { errors };
  const [year, month, day] = date.trim().split('-').map(Number) as [number, number, number];
  const resolution = resolveWallClock({ year, month, day, hour: Number(clock[1]), minute: Number(clock[2]), second: Number(clock[3] ?? 0) }, timeZone);
  if (resolution.kind === 'skipped') return { errors: { time: [displayTimeSkipped(`${displayDate(date)} ${time.trim()}`, timeZone)] } };
  return { iso: isoInZone(resolution.kind === 'exact' ? resolution.instant : resolution.first, timeZone) };
}
