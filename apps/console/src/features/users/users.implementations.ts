import { fromPromise } from 'xstate';
import type { UserExportFormat } from '@beacon/contracts';
import type { DownloadedFile } from '../../api/api-client';
import { saveFile } from '../../shared-ui/save-file';
import type { UsersApi } from './users-api';
import type { UsersQuery } from './users-query';
import { usersMachine, type PageRequest } from './machines/users.machine';

export interface UsersServices {
  api: UsersApi;
  /** The app's snackbar: a default one for success, an error one for a refusal. */
  notify: (text: string, type: 'default' | 'error') => void;
  /** Puts the query in the URL in place of the one shown (the list fell back to page 1). */
  replaceQuery: (query: UsersQuery) => void;
}

/** The users machine with its real side effects: the API calls, the downloads, the snackbar and the URL. */
export function usersLogic({ api, notify, replaceQuery }: UsersServices) {
  return usersMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: PageRequest }) => api.users(input.groupId, input.request)),
      loadGroups: fromPromise(() => api.customerGroups()),
      loadFields: fromPromise(({ input }: { input: { groupId: string; withChildFields: boolean } }) => api.contactFields(input.groupId, input.withChildFields)),
      exportUsers: fromPromise(({ input }: { input: PageRequest & { format: UserExportFormat } }) => api.exportUsers(input.groupId, input.request, input.format)),
      deleteUser: fromPromise(({ input }: { input: { id: string } }) => api.deleteUser(input.id)),
    },
    actions: {
      saveFile: (_, { file, format }: { file: DownloadedFile; format: UserExportFormat }) => saveFile(file, `users.${format}`),
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
      showFirstPage: (_, { query }) => replaceQuery(query),
    },
  });
}
