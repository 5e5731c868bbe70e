import { Module } from '@nestjs/common';
import { AccountEmailController } from './account-email.controller';
import { EmailSuppressionHandler } from './queries/email-suppression.handler';

/** The reads of account emails: the email suppression list (its projection is in query-projections.ts). */
@Module({
  controllers: [AccountEmailController],
  providers: [EmailSuppressionHandler],
})
export class AccountEmailModule {}
