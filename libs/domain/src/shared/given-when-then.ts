import type { Decider, DomainEvent } from './decider';
import { foldEvents } from './decider';

/** given(events).when(command) → the decided events (or the thrown error), for decider tests. */
export function given<TCommand, TEvent extends DomainEvent, TState>(
  decider: Decider<TCommand, TEvent, TState>,
  events: readonly TEvent[],
) {
  return {
    when(command: TCommand): TEvent[] {
      return decider.decide(command, foldEvents(decider, events));
    },
  };
}
