import type { IEvent } from '@nestjs/cqrs';
import type { EventData } from '@beacon/event-store';
import { filter, type OperatorFunction } from 'rxjs';

/**
 * An event this process has just appended, as published on Nest's EventBus: what sagas (process
 * managers) react to, by its type. Delivery is at least once (a retried command publishes its events
 * again), so a saga's reaction must be a command that is idempotent itself (a deterministic command id).
 */
export class EventAppended implements IEvent {
  constructor(
    readonly streamName: string,
    readonly event: EventData,
    /** Global position of the last event of the append that recorded it. */
    readonly appendPosition: number,
  ) {}
}

/** A saga's filter: the appended events of the given types. */
export function appendedOfType(...types: readonly string[]): OperatorFunction<IEvent, EventAppended> {
  const wanted = new Set(types);
  return filter((event: IEvent): event is EventAppended => event instanceof EventAppended && wanted.has(event.event.type));
}
