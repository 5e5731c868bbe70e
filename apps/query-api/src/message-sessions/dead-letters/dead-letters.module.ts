import { Module } from '@nestjs/common';
import { DeadLetterRetryQueue } from './dead-letter-retry-queue';
import { DeadLettersController } from './dead-letters.controller';
import { DeadLettersHandler } from './queries/dead-letters.handler';
import { TwoWayLinksModule } from '../two-way/two-way.module';

/** Dead letters: the admins' list, and the queueing of the retries they ask for. */
@Module({
  imports: [TwoWayLinksModule],
  controllers: [DeadLettersController],
  providers: [DeadLettersHandler, DeadLetterRetryQueue],
})
export class DeadLettersModule {}
