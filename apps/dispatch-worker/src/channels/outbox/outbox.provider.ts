import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OUTBOX_COLLECTION, READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import type { DispatchJob } from '../../jobs/dispatch-job';
import type { ChannelProvider, ProviderResult } from '../channel-provider';

/** The embedded default: records what would have been sent, so the flow works without provider accounts. */
@Injectable()
export class OutboxProvider implements ChannelProvider {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async send(job: DispatchJob): Promise<ProviderResult> {
    await this.readStore.scope(job.tenantId).collection(DISPATCH_OUTBOX_COLLECTION).upsert({
      _id: job.jobId,
      session_id: job.sessionId,
      recipient_id: job.recipientId,
      channel: job.channel,
      address: job.address,
      content: job.content,
    });
    return { providerMessageId: `outbox-${job.jobId}` };
  }
}
