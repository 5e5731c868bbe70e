import { fromPromise } from 'xstate';
import { isDeviceField, type UserField } from '../../shared-ui/user-fields/field-values';
import { addUserMachine } from './machines/add-user.machine';
import type { CreateUserRequest, UsersApi } from './users-api';

export interface AddUserServices {
  api: UsersApi;
  notify: (text: string, type: 'default' | 'error') => void;
  /** Opens the new user's page. */
  openUser: (id: string) => void;
}

/** The add-user machine with its real side effects: the calls, the snackbar and the way to the user's page. */
export function addUserLogic({ api, notify, openUser }: AddUserServices) {
  return addUserMachine.provide({
    actors: {
      loadDeviceFields: fromPromise(async ({ input }: { input: { groupId: string } }): Promise<UserField[]> =>
        (await api.contactFields(input.groupId, false)).filter(isDeviceField).map(({ id, label, field_type }) => ({ id, label, field_type, options: [] })),
      ),
      createUser: fromPromise(({ input }: { input: CreateUserRequest }) => api.createUser(input)),
    },
    actions: {
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
      openUser: (_, { id }) => openUser(id),
    },
  });
}
