import { Module } from '@nestjs/common';
import { EmailOutboxController } from './email-outbox.controller';
import { EmailOutboxHandler } from './queries/email-outbox.handler';

/** The email outbox read. */
@Module({
  controllers: [EmailOutboxController],
  providers: [EmailOutboxHandler],
})
export class EmailOutboxModule {}
