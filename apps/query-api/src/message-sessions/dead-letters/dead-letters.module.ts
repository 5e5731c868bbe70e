import { Module } from '@nestjs/common';
import { DeadLetterRetryQueue } from './dead-letter-retry-queue';
import { DeadLettersController } from './dead-letters.controller';
import { DeadLettersHandler } from './queries/dead-letters.handler';

/** Dead letters: the admins' list, and the queueing of the retries they ask for. */
@Module({
  controllers: [DeadLettersController],
  providers: [DeadLettersHandler, DeadLetterRetryQueue],
})
export class DeadLettersModule {}
