import { Module } from '@nestjs/common';
import { ChangeCustomerPermissionHandler } from './commands/change-customer-permission.handler';
import { ClearFailedLoginAttemptsHandler } from './commands/clear-failed-login-attempts.handler';
import { ClearPasswordResetAttemptsHandler } from './commands/clear-password-reset-attempts.handler';
import { GrantImpersonationHandler } from './commands/grant-impersonation.handler';
import { RegisterUserHandler } from './commands/register-user.handler';
import { ChangeUserHandler } from './commands/change-user.handler';
import { CreateUserHandler } from './commands/create-user.handler';
import { DeleteUserHandler } from './commands/delete-user.handler';
import { FieldCatalogues } from './field-catalogues';
import { UserEmails } from './user-emails';
import { UsersController } from './users.controller';

/** The user writes: registration, create, change and delete, permissions, lockout resets and impersonation grants. */
@Module({
  controllers: [UsersController],
  providers: [
    UserEmails,
    FieldCatalogues,
    CreateUserHandler,
    ChangeUserHandler,
    DeleteUserHandler,
    RegisterUserHandler, ChangeCustomerPermissionHandler, ClearFailedLoginAttemptsHandler, ClearPasswordResetAttemptsHandler, GrantImpersonationHandler,
  ],
})
export class UsersModule {}
