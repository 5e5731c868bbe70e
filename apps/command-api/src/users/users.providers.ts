import { ChangeCustomerPermissionHandler } from './commands/change-customer-permission.handler';
import { ClearFailedLoginAttemptsHandler } from './commands/clear-failed-login-attempts.handler';
import { ClearPasswordResetAttemptsHandler } from './commands/clear-password-reset-attempts.handler';
import { GrantImpersonationHandler } from './commands/grant-impersonation.handler';
import { RegisterUserHandler } from './commands/register-user.handler';
import { CredentialStore } from './credential-store';
import { SignInThrottle } from './sign-in-throttle';
import { UserCommands } from './user-commands';
import { UserLookup } from './user-lookup';
import { UsersController } from './users.controller';

export const USERS_CONTROLLERS = [UsersController];

export const USERS_PROVIDERS = [
  CredentialStore,
  SignInThrottle,
  UserLookup,
  UserCommands,
  RegisterUserHandler,
  ChangeCustomerPermissionHandler,
  ClearFailedLoginAttemptsHandler,
  ClearPasswordResetAttemptsHandler,
  GrantImpersonationHandler,
];
