import { Module } from '@nestjs/common';
import { RecipientsCountHandler } from './queries/recipients-count.handler';
import { RecipientsController } from './recipients.controller';

/** Who a message would reach: its recipient criteria resolved against the users, groups, fields and on-call read models. */
@Module({
  controllers: [RecipientsController],
  providers: [RecipientsCountHandler],
})
export class RecipientsModule {}
