import type { CustomerGroupDto } from '@beacon/contracts';
import { assign, fromPromise, setup } from 'xstate';
import { errorText } from '../../../api/api-error';

export interface DatasetGroupContext {
  group: CustomerGroupDto | null;
  loadError: string | null;
}

/** The dataset the edit screens are about (its name heads them), with Try again after a failed load. */
export const datasetGroupMachine = setup({
  types: {
    context: {} as DatasetGroupContext,
    events: {} as { type: 'group.retry' },
  },
  actors: {
    loadGroup: fromPromise<CustomerGroupDto>(() => Promise.reject(new Error('dataset edit implementation "loadGroup" was not provided'))),
  },
}).createMachine({
  id: 'datasetGroup',
  context: { group: null, loadError: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        src: 'loadGroup',
        onDone: { target: 'loaded', actions: assign({ group: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
      },
    },
    loaded: {},
    failed: { on: { 'group.retry': 'loading' } },
  },
});
