import { toDisplayTime } from './on-call-time';
import type { TimeSpan } from './on-call-roster.decide';

/**
 * Minimum staffing (spec part 2 §6 "Minimum staffing requirements"): a customer group may ask that at
 * least N users holding an option (through their contact-field values) be on call at any time. A
 * change to the roster answers where, in the time it touched, fewer are on call than asked; the
 * warnings never stop the change.
 */

/** An option's minimum in a group, with the option's label for the warning. */
export interface StaffingRequirement {
  readonly optionId: string;
  readonly label: string;
  readonly minimum: number;
}

/** A period of a user who holds the option. */
export interface StaffedPeriod extends TimeSpan {
  readonly periodId: string;
}

/** A stretch of time in which `onCall` users holding the option are on call, fewer than `needed`. */
export interface StaffingShortfall extends TimeSpan {
  readonly optionId: string;
  readonly label: string;
  readonly onCall: number;
  readonly needed: number;
}

/**
 * The stretches of `range` where fewer periods than the minimum cover the time, each with how many do;
 * neighbouring stretches with the same count are one. A user's own periods never overlap (the roster
 * decider refuses that), so periods counted are users counted; a period listed twice counts once.
 */
export function staffingShortfalls(requirement: StaffingRequirement, periods: readonly StaffedPeriod[], range: TimeSpan): StaffingShortfall[] {
  if (requirement.minimum <= 0 || range.end <= range.start) return [];
  const changes = new Map<number, number>();
  const seen = new Set<string>();
  for (const period of periods) {
    if (seen.has(period.periodId)) continue;
    seen.add(period.periodId);
    const start = Math.max(period.start, range.start);
    const end = Math.min(period.end, range.end);
    if (start >= end) continue;
    changes.set(start, (changes.get(start) ?? 0) + 1);
    changes.set(end, (changes.get(end) ?? 0) - 1);
  }
  const times = [...new Set([range.start, range.end, ...changes.keys()])].sort((a, b) => a - b);
  const shortfalls: StaffingShortfall[] = [];
  let onCall = 0;
  for (let index = 0; index < times.length - 1; index++) {
    const start = times[index]!;
    const end = times[index + 1]!;
    onCall += changes.get(start) ?? 0;
    if (onCall >= requirement.minimum) continue;
    const last = shortfalls[shortfalls.length - 1];
    if (last && last.end === start && last.onCall === onCall) shortfalls[shortfalls.length - 1] = { ...last, end };
    else shortfalls.push({ optionId: requirement.optionId, label: requirement.label, onCall, needed: requirement.minimum, start, end });
  }
  return shortfalls;
}

/** "Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00", times in the zone. */
export const staffingWarning = (shortfall: StaffingShortfall, timeZone: string) =>
  `${shortfall.label}: ${shortfall.onCall} on call, ${shortfall.needed} needed from ${toDisplayTime(shortfall.start, timeZone)} to ${toDisplayTime(shortfall.end, timeZone)}`;

/** How many of the periods cover the instant. */
export const onCallCountAt = (periods: readonly TimeSpan[], instant: number) =>
  periods.filter((period) => period.start <= instant && instant < period.end).length;
