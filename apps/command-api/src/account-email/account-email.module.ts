import { Module } from '@nestjs/common';
import { AccountEmailController } from './account-email.controller';
import { ClearEmailSuppressionHandler } from './commands/clear-email-suppression.handler';
import { RecordProviderReportHandler } from './commands/record-provider-report.handler';
import { ReissueWelcomeEmailHandler } from './commands/reissue-welcome-email.handler';
import { SendWelcomeEmailHandler } from './commands/send-welcome-email.handler';
import { EmailProviderCallbackController } from './email-provider-callback.controller';
import { WelcomeEmailSaga } from './welcome-email.saga';

/** Account emails: the welcome email (its reissue and its saga) and the email suppression list (clearing it, the provider's callback). */
@Module({
  controllers: [AccountEmailController, EmailProviderCallbackController],
  providers: [ReissueWelcomeEmailHandler, SendWelcomeEmailHandler, WelcomeEmailSaga, ClearEmailSuppressionHandler, RecordProviderReportHandler],
})
export class AccountEmailModule {}
