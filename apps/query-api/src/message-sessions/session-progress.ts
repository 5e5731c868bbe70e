import { Inject, Injectable } from '@nestjs/common';
import type { RunResultDto } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { MESSAGE_DELIVERIES, type MessageDeliveryDocument } from '../shared/read-models/message-sessions.read-model';

export type SessionProgress = RunResultDto['progress'];

/** How the progress's states are made of delivery statuses (a retried attempt counts no more). */
const STATES: readonly [keyof SessionProgress, readonly string[]][] = [
  ['queued', ['queued']],
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

  async of(tenantId: string, sessionId: string): Promise<SessionProgress> {
    const deliveries = this.readStore.scope(tenantId).collection<MessageDeliveryDocument>(MESSAGE_DELIVERIES);
    const { subsets } = await deliveries.countSubsets(
      { session_id: sessionId, superseded: false },
      STATES.map(([, statuses]) => ({ status: { $in: [...statuses] } })),
    );
    return Object.fromEntries(STATES.map(([state], index) => [state, subsets[index] ?? 0])) as SessionProgress;
  }
}
