import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '../../../api/api-error';

export interface LoadContext<T> {
  data: T | null;
  /** Why the load failed, in the user's words. */
  loadError: string | null;
}

/** Something an edit screen only shows (the dataset, its fields): loading, then it or why not, with Try again. */
export function createLoadMachine<T>(load: () => Promise<T>) {
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
    context: { data: null, loadError: null },
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ loadError: null }),
        invoke: {
          src: 'load',
          onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
        },
      },
      loaded: {},
      failed: { on: { 'load.retry': 'loading' } },
    },
  });
}
