import { Inject, Injectable } from '@nestjs/common';
import type { RunResultDto } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CONFERENCE_DECLINE_DIGIT, CONFERENCE_JOIN_DIGIT } from '@beacon/domain';
import type { Filter } from '@beacon/read-store';
import {
  MESSAGE_DELIVERIES,
  MESSAGE_SESSION_PROGRESS,
  type MessageDeliveryDocument,
  type MessageSessionDocument,
  type MessageSessionProgressDocument,
} from '../shared/read-models/message-sessions.read-model';

export type SessionProgress = RunResultDto['progress'];

/** Deliveries planned and not answered yet (documents from before the counter count it as zero). */
export const queuedOf = (session: Pick<MessageSessionDocument, 'deliveries' | 'answered'>) => Math.max(0, session.deliveries - (session.answered ?? 0));

/**
 * How the progress's states are made of delivery statuses (a retried attempt counts no more). Queued
 * is what has no document yet: the deliveries planned less those answered.
 */
const STATES: readonly [Exclude<keyof SessionProgress, 'queued' | 'connected' | 'rejected'>, readonly string[]][] = [
  ['sending', ['claimed', 'submitted']],
  ['sent', ['sent']],
  ['delivered', ['delivered']],
  ['failed', ['failed', 'timed_out']],
  ['replied', ['replied']],
  ['unknown', ['unknown']],
];

type Counted = Exclude<keyof SessionProgress, 'queued'>;

/** The calls of a conference by the key pressed: 1 joined the bridge, 2 declined it. */
const call = (digit: string): Filter => ({ status: 'replied', channel: 'VOICE', reply: digit });

/**
 * A conference session's states: the calls joined (Successful Connection) and declined (Conference
 * Rejected) are counted on their own, and not as replied, so the states still add up to the deliveries
 * and a decline is no response (spec §3).
 */
const CONFERENCE_STATES: readonly [Counted, Filter][] = [
  ...STATES.map(([state, statuses]): [Counted, Filter] =>
    state === 'replied'
      ? [state, { status: 'replied', $nor: [call(CONFERENCE_JOIN_DIGIT), call(CONFERENCE_DECLINE_DIGIT)] }]
      : [state, { status: { $in: [...statuses] } }],
  ),
  ['connected', call(CONFERENCE_JOIN_DIGIT)],
  ['rejected', call(CONFERENCE_DECLINE_DIGIT)],
];

/** The progress keys (progress-key.ts) of the voice calls that joined and declined a conference. */
const JOINED = `replied:${CONFERENCE_JOIN_DIGIT}`;
const DECLINED = `replied:${CONFERENCE_DECLINE_DIGIT}`;

/** A session's states from its progress document's counts, as CONFERENCE_STATES and STATES count them. */
function statesOfCounts(counts: Readonly<Record<string, number>>, conference: boolean): Omit<SessionProgress, 'queued'> {
  const sum = (keys: readonly string[]) => keys.reduce((total, key) => total + (counts[key] ?? 0), 0);
  const states = Object.fromEntries(
    STATES.map(([state, statuses]) => [state, sum(state === 'replied' && !conference ? [...statuses, JOINED, DECLINED] : statuses)]),
  ) as Omit<SessionProgress, 'queued' | 'connected' | 'rejected'>;
  return conference ? { ...states, connected: counts[JOINED] ?? 0, rejected: counts[DECLINED] ?? 0 } : states;
}

/**
 * A session's deliveries by state: one read of its progress document, which the deliveries projection keeps
 * as it writes them; a session older than that document is counted from its deliveries, in one count of the
 * store (the index of session, superseded, status).
 */
@Injectable()
export class SessionProgressReader {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** The session's deliveries by state; its document says how many are planned and answered. */
  async of(tenantId: string, session: Pick<MessageSessionDocument, '_id' | 'deliveries' | 'answered'> & { scenario_type?: MessageSessionDocument['scenario_type'] }): Promise<SessionProgress> {
    const conference = session.scenario_type === 'conference';
    const kept = await this.readStore.scope(tenantId).collection<MessageSessionProgressDocument>(MESSAGE_SESSION_PROGRESS).findOne({ _id: session._id });
    if (kept) return { queued: queuedOf(session), ...statesOfCounts(kept.counts, conference) };
    return { queued: queuedOf(session), ...(await this.counted(tenantId, session._id, conference)) };
  }

  /** The states counted from the session's delivery documents. */
  async counted(tenantId: string, sessionId: string, conference: boolean): Promise<Omit<SessionProgress, 'queued'>> {
    const deliveries = this.readStore.scope(tenantId).collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES);
    const states = conference ? CONFERENCE_STATES : STATES.map(([state, statuses]): [Counted, Filter] => [state, { status: { $in: [...statuses] } }]);
    const { subsets } = await deliveries.countSubsets(
      { session_id: sessionId, superseded: false },
      states.map(([, filter]) => filter),
    );
    return Object.fromEntries(states.map(([state], index) => [state, subsets[index] ?? 0])) as Omit<SessionProgress, 'queued'>;
  }
}
