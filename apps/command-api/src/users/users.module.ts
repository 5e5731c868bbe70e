import { Module } from '@nestjs/common';
import { ChangeCustomerPermissionHandler } from './commands/change-customer-permission.handler';
import { ClearFailedLoginAttemptsHandler } from './commands/clear-failed-login-attempts.handler';
import { ClearPasswordResetAttemptsHandler } from './commands/clear-password-reset-attempts.handler';
import { GrantImpersonationHandler } from './commands/grant-impersonation.handler';
import { RegisterUserHandler } from './commands/register-user.handler';
import { UsersController } from './users.controller';

/** The user writes: registration, permissions, lockout resets and impersonation grants. */
@Module({
  controllers: [UsersController],
  providers: [RegisterUserHandler, ChangeCustomerPermissionHandler, ClearFailedLoginAttemptsHandler, ClearPasswordResetAttemptsHandler, GrantImpersonationHandler],
})
export class UsersModule {}
