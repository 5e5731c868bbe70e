import type { RunResultDto, ScenarioListEntryDto, ScenarioSessionDto } from '@beacon/contracts';
import { dayOf } from './calendar-period';

export type SessionStatus = ScenarioSessionDto['status'];

/** Statuses only move forward; a late answer (or a live update that overtook it) never moves one back. */
const STATUS_ORDER: Readonly<Record<SessionStatus, number>> = { scheduled: 0, planning: 1, sending: 2, complete: 3, cancelled: 3, skipped: 3, refused: 3 };

export const laterStatus = (a: SessionStatus, b: SessionStatus): SessionStatus => (STATUS_ORDER[b] > STATUS_ORDER[a] ? b : a);

/** Done: what its run result says will not change any more. */
export const isFinished = (status: SessionStatus): boolean => STATUS_ORDER[status] === 3;

export const STATUS_LABELS: Readonly<Record<SessionStatus, string>> = {
  scheduled: 'Scheduled',
  planning: 'Planning',
  sending: 'Sending',
  complete: 'Complete',
  cancelled: 'Cancelled',
  skipped: 'Not sent',
  refused: 'Refused (daily quota)',
};

/** A session as the calendar shows it: when, which message, how far it got. */
export interface CalendarSession {
  readonly id: string;
  readonly scenarioId: string;
  readonly name: string;
  readonly status: SessionStatus;
  /** When it starts (scheduled) or started, ISO 8601. */
  readonly at: string;
  /** The day `at` falls on in the user's time zone. */
  readonly day: string;
  /** Messages to send, one per person and device; null until planned or read. */
  readonly deliveries: number | null;
  /** Of those, delivered (a reply counts: it was delivered); null until the run result is read. */
  readonly delivered: number | null;
  /** Why its holiday or weekend check moved or skipped it ("Saturday 09/03/2030 is a weekend day."); null when it did not. */
  readonly note: string | null;
}

/** What the calendar says of a session its holiday or weekend check moved or skipped; null for others. */
export const scheduleNoteOf = (session: Pick<CalendarSession, 'status' | 'note'>): string | null =>
  session.note ? `${session.status === 'skipped' || session.status === 'refused' ? 'Not sent' : 'Moved'}: ${session.note}` : null;

/** Delivered, as the calendar counts it: delivered, or delivered and answered. */
export const deliveredOf = (result: RunResultDto): number => result.progress.delivered + result.progress.replied;

function sessionOf(entry: ScenarioListEntryDto, listed: ScenarioSessionDto, result: RunResultDto | undefined, timeZone: string): CalendarSession | null {
  const status = result ? laterStatus(listed.status, result.status) : listed.status;
  const startedAt = result?.started_at ?? listed.started_at;
  const at = status === 'scheduled' ? listed.scheduled_for : (startedAt ?? listed.scheduled_for);
  const instant = at === null ? Number.NaN : Date.parse(at);
  if (at === null || Number.isNaN(instant)) return null;
  const planned = status !== 'scheduled' && status !== 'planning';
  return {
    id: listed.id,
    scenarioId: entry.id,
    name: entry.name,
    status,
    at,
    day: dayOf(instant, timeZone),
    deliveries: result?.deliveries ?? (planned ? listed.deliveries : null),
    delivered: result ? deliveredOf(result) : null,
    note: listed.schedule_note ?? null,
  };
}

/**
 * The sessions of the caller's messages, sent and scheduled, with what their run results add, soonest
 * first. A session listed twice (scheduled in one answer, started in the next) is shown once.
 */
export function calendarSessions(entries: readonly ScenarioListEntryDto[], results: ReadonlyMap<string, RunResultDto>, timeZone: string): CalendarSession[] {
  const sessions = new Map<string, CalendarSession>();
  for (const entry of entries) {
    for (const listed of [...(entry.scheduled ?? []), ...(entry.sessions ?? [])]) {
      const session = sessionOf(entry, listed, results.get(listed.id), timeZone);
      const known = sessions.get(listed.id);
      if (session && (!known || STATUS_ORDER[session.status] > STATUS_ORDER[known.status])) sessions.set(listed.id, session);
    }
  }
  return [...sessions.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.name.localeCompare(b.name));
}

/** The sessions of each day, soonest first. */
export function sessionsByDay(sessions: readonly CalendarSession[]): ReadonlyMap<string, readonly CalendarSession[]> {
  const byDay = new Map<string, CalendarSession[]>();
  for (const session of sessions) byDay.set(session.day, [...(byDay.get(session.day) ?? []), session]);
  return byDay;
}

/** The list with one session as a live update tells of it (its status and counts), until the list is read again. */
export function withSessionChange(
  entries: readonly ScenarioListEntryDto[],
  id: string,
  change: { status: SessionStatus; recipients?: number; deliveries?: number },
): ScenarioListEntryDto[] {
  const patch = (listed: ScenarioSessionDto): ScenarioSessionDto =>
    listed.id !== id
      ? listed
      : {
          ...listed,
          status: laterStatus(listed.status, change.status),
          recipients: change.recipients ?? listed.recipients,
          deliveries: change.deliveries ?? listed.deliveries,
        };
  return entries.map((entry) => ({
    ...entry,
    ...(entry.scheduled ? { scheduled: entry.scheduled.map(patch) } : {}),
    ...(entry.sessions ? { sessions: entry.sessions.map(patch) } : {}),
  }));
}

/** The list names this session. */
export const listsSession = (entries: readonly ScenarioListEntryDto[], id: string): boolean =>
  entries.some((entry) => [...(entry.scheduled ?? []), ...(entry.sessions ?? [])].some((listed) => listed.id === id));
