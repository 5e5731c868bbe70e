/**
 * A decider in the emmett style: pure `decide(command, state)` returning events, `evolve` folding
 * events into state, and the state of a stream with no events. No I/O, no clock: time arrives in
 * the command's metadata.
 */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  readonly type: TType;
  readonly data: TData;
}

export interface Decider<TCommand, TEvent extends DomainEvent, TState> {
  decide(command: TCommand, state: TState): TEvent[];
  evolve(state: TState, event: TEvent): TState;
  initialState(): TState;
}

export function foldEvents<TEvent extends DomainEvent, TState>(
  decider: Pick<Decider<unknown, TEvent, TState>, 'evolve' | 'initialState'>,
  events: readonly TEvent[],
): TState {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
