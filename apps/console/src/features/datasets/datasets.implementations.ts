import { fromPromise } from 'xstate';
import type { CreateCustomerGroupRequest, DatasetsApi, MoveCustomerGroupRequest, RenameCustomerGroupRequest } from './datasets-api';
import { datasetsMachine } from './machines/datasets.machine';

export interface DatasetsServices {
  api: DatasetsApi;
  /** The app's snackbar: a default one for success, an error one for a refusal. */
  notify: (text: string, type: 'default' | 'error') => void;
}

/** The datasets machine with its real side effects: the customer group calls and the snackbar. */
export function datasetsLogic({ api, notify }: DatasetsServices) {
  return datasetsMachine.provide({
    actors: {
      loadGroups: fromPromise(() => api.customerGroups()),
      createGroup: fromPromise(({ input }: { input: CreateCustomerGroupRequest }) => api.createCustomerGroup(input)),
      renameGroup: fromPromise(({ input }: { input: RenameCustomerGroupRequest }) => api.renameCustomerGroup(input)),
      deleteGroup: fromPromise(({ input }: { input: { id: string } }) => api.deleteCustomerGroup(input.id)),
      moveGroup: fromPromise(({ input }: { input: MoveCustomerGroupRequest }) => api.moveCustomerGroup(input)),
    },
    actions: {
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
    },
  });
}
