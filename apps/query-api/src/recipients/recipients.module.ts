import { Module } from '@nestjs/common';
import { RecipientsCountHandler } from './queries/recipients-count.handler';
import { RecipientsController } from './recipients.controller';
import { RecipientsReader } from './recipients-reader';

/** Who a message would reach: its recipient criteria resolved against the users, groups, fields and on-call read models. */
@Module({
  controllers: [RecipientsController],
  providers: [RecipientsReader, RecipientsCountHandler],
})
export class RecipientsModule {}
