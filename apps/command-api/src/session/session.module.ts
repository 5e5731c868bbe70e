import { Module } from '@nestjs/common';
import { ChangePasswordHandler } from './commands/change-password.handler';
import { CompleteSecondFactorHandler } from './commands/complete-second-factor.handler';
import { DisableTwoFactorHandler } from './commands/disable-two-factor.handler';
import { EnableTwoFactorHandler } from './commands/enable-two-factor.handler';
import { ImpersonatedSignInHandler } from './commands/impersonated-sign-in.handler';
import { RequestPasswordResetHandler } from './commands/request-password-reset.handler';
import { ResetPasswordHandler } from './commands/reset-password.handler';
import { SignInHandler } from './commands/sign-in.handler';
import { SendPasswordResetEmailHandler } from './commands/send-password-reset-email.handler';
import { SignOutHandler } from './commands/sign-out.handler';
import { StartTwoFactorSetupHandler } from './commands/start-two-factor-setup.handler';
import { PasswordResetSaga } from './password-reset.saga';
import { PasswordController } from './password.controller';
import { SessionController } from './session.controller';
import { TwoFactorController } from './two-factor.controller';

/** Sign-in, second factor, impersonated sign-in and passwords. */
@Module({
  controllers: [SessionController, PasswordController, TwoFactorController],
  providers: [SignInHandler, CompleteSecondFactorHandler, ImpersonatedSignInHandler, SignOutHandler, RequestPasswordResetHandler, SendPasswordResetEmailHandler, PasswordResetSaga, ResetPasswordHandler, ChangePasswordHandler, StartTwoFactorSetupHandler, EnableTwoFactorHandler, DisableTwoFactorHandler],
})
export class SessionModule {}
