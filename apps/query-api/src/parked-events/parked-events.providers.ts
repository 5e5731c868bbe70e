import type { Provider, Type } from '@nestjs/common';
import { ParkedEventsController } from './parked-events.controller';
import { ParkedEventsHandler } from './parked-events.handler';
import { RetryParkedEventHandler } from './retry-parked-event.handler';

/** The parked-event calls: the list (a query) and the retry (a command of the read side). */
export const PARKED_EVENTS_CONTROLLERS: Type[] = [ParkedEventsController];
export const PARKED_EVENTS_PROVIDERS: Provider[] = [ParkedEventsHandler, RetryParkedEventHandler];
