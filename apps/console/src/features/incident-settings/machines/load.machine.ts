import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { IncidentCallError } from '../../../api/incident-errors';

export interface LoadContext<T> {
  data: T | null;
  error: IncidentCallError | null;
}

/** Something a screen reads once (the forms a tab chooses from), with Try again after a failure. */
export function createLoadMachine<T>(load: () => Promise<T>, describeError: (error: unknown) => IncidentCallError) {
  return setup({
    types: {
      context: {} as LoadContext<T>,
      events: {} as { type: 'load.retry' },
    },
    actors: {
      load: fromPromise<T>(() => load()),
    },
  }).createMachine({
    id: 'load',
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ error: null }),
        invoke: {
          src: 'load',
          onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => describeError(event.error) }) },
        },
      },
      loaded: {},
      failed: { on: { 'load.retry': 'loading' } },
    },
  });
}

export type LoadSnapshot<T> = SnapshotFrom<ReturnType<typeof createLoadMachine<T>>>;
