import type { RunResultDto, ScenarioSessionDto } from '@beacon/contracts';

export type SessionStatus = RunResultDto['status'];
export type DeliveryProgress = RunResultDto['progress'];
export type DeliveryState = keyof DeliveryProgress;

/** A session's status in words. */
export const STATUS_LABELS: Readonly<Record<SessionStatus, string>> = {
  scheduled: 'Scheduled',
  planning: 'Finding recipients',
  sending: 'Sending',
  complete: 'Complete',
  cancelled: 'Cancelled',
  skipped: 'Not sent',
  refused: 'Refused (daily quota)',
};

/** The deliveries' states in the order a delivery goes through them, in words; a conference's joined and declined calls only for a conference. */
export const DELIVERY_STATES: readonly { state: DeliveryState; label: string }[] = [
  { state: 'queued', label: 'Queued' },
  { state: 'sending', label: 'Sending' },
  { state: 'sent', label: 'Sent' },
  { state: 'unknown', label: 'Being checked' },
  { state: 'delivered', label: 'Delivered' },
  { state: 'replied', label: 'Replied' },
  { state: 'connected', label: 'Joined the conference' },
  { state: 'rejected', label: 'Declined the conference' },
  { state: 'failed', label: 'Failed' },
];

/** The states a session's progress counts (a conference's only for a conference). */
export const statesOf = (progress: DeliveryProgress) => DELIVERY_STATES.filter(({ state }) => progress[state] !== undefined);

/** A session that will change no more: the progress stops following it. */
export const isFinished = (status: SessionStatus): boolean => status === 'complete' || status === 'cancelled' || status === 'skipped' || status === 'refused';

/** The progress panel's title: the session going, or how it ended (a refused or skipped one sent nothing). */
export function progressTitle(status: SessionStatus, name: string): string {
  switch (status) {
    case 'complete':
      return `“${name}” sent`;
    case 'cancelled':
      return `“${name}” cancelled`;
    case 'skipped':
      return `“${name}” not sent`;
    case 'refused':
      return `“${name}” refused`;
    default:
      return `Sending “${name}”`;
  }
}

/** A conference's calls joined and declined (none for another type): each reached its person. */
const chosen = (progress: DeliveryProgress): number => (progress.connected ?? 0) + (progress.rejected ?? 0);

/** Deliveries that reached their person: a reply was delivered too, and so was a conference call joined or declined. */
export const reached = (progress: DeliveryProgress): number => progress.delivered + progress.replied + chosen(progress);

/** Deliveries with a final answer (delivered, replied or failed); the session completes when all have one. */
export const settled = (progress: DeliveryProgress): number => progress.delivered + progress.replied + progress.failed + chosen(progress);

/** Every delivery counted by state (equals the session's deliveries once it is planned). */
export const counted = (progress: DeliveryProgress): number => DELIVERY_STATES.reduce((sum, { state }) => sum + (progress[state] ?? 0), 0);

/** The instant a listed session is shown by: when it started, or for one still to start when it is due. */
export const sessionInstant = (session: Pick<ScenarioSessionDto, 'started_at' | 'scheduled_for'>): string | null => session.started_at ?? session.scheduled_for;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const peopleText = (count: number): string => plural(count, 'person', 'people');
export const messagesText = (count: number): string => plural(count, 'message', 'messages');
