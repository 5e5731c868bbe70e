import { Inject, Injectable } from '@nestjs/common';
import type { RunResultDto } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { MESSAGE_DELIVERIES, type MessageDeliveryDocument, type MessageSessionDocument } from '../shared/read-models/message-sessions.read-model';

export type SessionProgress = RunResultDto['progress'];

/** Deliveries planned and not answered yet (documents from before the counter count it as zero). */
export const queuedOf = (session: Pick<MessageSessionDocument, 'deliveries' | 'answered'>) => Math.max(0, session.deliveries - (session.answered ?? 0));

/**
 * How the progress's states are made of delivery statuses (a retried attempt counts no more). Queued
 * is what has no document yet: the deliveries planned less those answered.
 */
const STATES: readonly [Exclude<keyof SessionProgress, 'queued'>, readonly string[]][] = [
  ['sending', ['claimed', 'submitted']],
  ['sent', ['sent']],
  ['delivered', ['delivered']],
  ['failed', ['failed', 'timed_out']],
  ['replied', ['replied']],
  ['unknown', ['unknown']],
];

/** A session's deliveries by state, in one count of the store (the index of session, superseded, status). */
@Injectable()
export class SessionProgressReader {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** The session's deliveries by state; its document says how many are planned and answered. */
  async of(tenantId: string, session: Pick<MessageSessionDocument, '_id' | 'deliveries' | 'answered'>): Promise<SessionProgress> {
    const deliveries = this.readStore.scope(tenantId).collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES);
    const { subsets } = await deliveries.countSubsets(
      { session_id: session._id, superseded: false },
      STATES.map(([, statuses]) => ({ status: { $in: [...statuses] } })),
    );
    const answered = Object.fromEntries(STATES.map(([state], index) => [state, subsets[index] ?? 0])) as Omit<SessionProgress, 'queued'>;
    return { queued: queuedOf(session), ...answered };
  }
}
