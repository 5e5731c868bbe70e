import { Module } from '@nestjs/common';
import { KeepSessionAliveHandler } from './commands/keep-session-alive.handler';
import { TokenExpiryHandler } from './queries/token-expiry.handler';
import { SessionController } from './session.controller';

/** The session reads of the query side: the token's expiry, and the keepalive that extends it. */
@Module({
  controllers: [SessionController],
  providers: [TokenExpiryHandler, KeepSessionAliveHandler],
})
export class SessionModule {}
