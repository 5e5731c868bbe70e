import { Module } from '@nestjs/common';
import { ParkedEventsController } from './parked-events.controller';
import { ParkedEventsHandler } from './parked-events.handler';
import { RetryParkedEventHandler } from './retry-parked-event.handler';

/** The parked-event calls: the list (a query) and the retry (a command of the read side). */
@Module({
  controllers: [ParkedEventsController],
  providers: [ParkedEventsHandler, RetryParkedEventHandler],
})
export class ParkedEventsModule {}
