import { Module } from '@nestjs/common';
import { RetryDeadLettersHandler } from './commands/retry-dead-letters.handler';
import { DeadLettersController } from './dead-letters.controller';

/** Dead letters: an admin's retry. */
@Module({
  controllers: [DeadLettersController],
  providers: [RetryDeadLettersHandler],
})
export class DeadLettersModule {}
