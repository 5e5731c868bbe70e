import { Module } from '@nestjs/common';
import { CHANNEL_PROVIDER } from './channels/channel-provider';
import { OutboxProvider } from './channels/outbox/outbox.provider';
import { DispatchJobConsumer } from './jobs/dispatch-job.consumer';

/** Sends dispatch jobs through channel providers. Needs InfrastructureModule and PlatformModule at the root. */
@Module({
  providers: [{ provide: CHANNEL_PROVIDER, useClass: OutboxProvider }, DispatchJobConsumer],
})
export class DispatchWorkerModule {}
