import type { RunResultDto, ScenarioListEntryDto, ScenarioPageDto, ScenarioSessionDto } from '@beacon/contracts';

export type SessionStatus = ScenarioSessionDto['status'];
export type MessageType = ScenarioListEntryDto['scenario_type'];

/** A session's status in words. */
export const STATUS_LABELS: Readonly<Record<SessionStatus, string>> = {
  scheduled: 'Scheduled',
  planning: 'Finding recipients',
  sending: 'Sending',
  complete: 'Complete',
  cancelled: 'Cancelled',
  skipped: 'Not sent (holiday, weekend or suspension)',
  refused: 'Refused (daily quota)',
};

export const TYPE_LABELS: Readonly<Record<MessageType, string>> = { broadcast: 'Broadcast', sequence: 'Sequence', conference: 'Conference' };

/** One row of Message Reports: a session sent, with the message it was sent from. */
export interface SessionRow {
  readonly session: ScenarioSessionDto;
  readonly message: Pick<ScenarioListEntryDto, 'id' | 'name' | 'scenario_type' | 'is_real'>;
}

/** A session whose counts still move with every delivery: its progress is read from run_result. */
export const isGoing = (status: SessionStatus): boolean => status === 'planning' || status === 'sending';

/** Each listed message's sessions sent, one row each, in the list's order (messages by last change, sessions newest first). */
export function sessionRows(page: ScenarioPageDto | null): SessionRow[] {
  return (page?.results ?? []).flatMap(({ id, name, scenario_type, is_real, sessions }) =>
    (sessions ?? []).map((session) => ({ session, message: { id, name, scenario_type, is_real } })),
  );
}

/** The ids of the sessions on the page still going, whose progress the list reads. */
export const goingSessionIds = (page: ScenarioPageDto | null): string[] =>
  sessionRows(page)
    .filter((row) => isGoing(row.session.status))
    .map((row) => row.session.id);

/** How far a session has gone: messages with a final answer of all its messages, or what little is known. */
export type SessionProgress =
  | { readonly kind: 'counted'; readonly done: number; readonly total: number }
  /** Going, its counts not read (yet, or the read failed). */
  | { readonly kind: 'going' }
  | { readonly kind: 'planning' }
  | { readonly kind: 'over' }
  | { readonly kind: 'none' };

/** Deliveries with a final answer: delivered, replied, failed, and a conference's calls joined or declined. */
const settled = ({ progress }: RunResultDto): number =>
  progress.delivered + progress.replied + progress.failed + (progress.connected ?? 0) + (progress.rejected ?? 0);

/**
 * The row's progress: for a session still going, from its run_result; a complete one is over; a
 * cancelled or skipped one has none.
 */
export function progressOf(session: ScenarioSessionDto, outcome: RunResultDto | undefined): SessionProgress {
  const status = outcome?.status ?? session.status;
  if (status === 'complete') return { kind: 'over' };
  if (status === 'planning') return { kind: 'planning' };
  if (status !== 'sending') return { kind: 'none' };
  if (!outcome || outcome.deliveries === null) return { kind: 'going' };
  return { kind: 'counted', done: Math.min(settled(outcome), outcome.deliveries), total: outcome.deliveries };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
export const peopleText = (count: number): string => plural(count, 'person', 'people');
export const messagesText = (count: number): string => plural(count, 'message', 'messages');
