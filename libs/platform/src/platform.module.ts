import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AuthTokenService } from './auth/auth-token.service';
import { TokenAuthGuard } from './auth/token-auth.guard';
import { CommandExecutor } from './commands/command-executor';
import { ErrorResponseFilter } from './errors/error-response.filter';

/** Cross-cutting pieces every app shares; imported once, at the composition root of a process. */
@Global()
@Module({
  providers: [
    AuthTokenService,
    CommandExecutor,
    { provide: APP_GUARD, useClass: TokenAuthGuard },
    { provide: APP_FILTER, useClass: ErrorResponseFilter },
  ],
  exports: [AuthTokenService, CommandExecutor],
})
export class PlatformModule {}
