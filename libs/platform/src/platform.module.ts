import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access/access.guard';
import { AccessSubjectLoader } from './access/access-subject.loader';
import { AuthTokenService } from './auth/auth-token.service';
import { OrganisationSuspensions } from './auth/organisation-suspensions';
import { TokenAuthGuard } from './auth/token-auth.guard';
import { CommandExecutor } from './commands/command-executor';
import { ErrorResponseFilter } from './errors/error-response.filter';

/** Cross-cutting pieces every app shares; imported once, at the composition root of a process. */
@Global()
@Module({
  providers: [
    AuthTokenService,
    OrganisationSuspensions,
    CommandExecutor,
    AccessSubjectLoader,
    // Guards run in this order: who is calling, then may they.
    { provide: APP_GUARD, useClass: TokenAuthGuard },
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: APP_FILTER, useClass: ErrorResponseFilter },
  ],
  exports: [AuthTokenService, OrganisationSuspensions, CommandExecutor, AccessSubjectLoader],
})
export class PlatformModule {}
