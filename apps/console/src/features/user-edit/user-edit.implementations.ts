import { fromPromise } from 'xstate';
import { userEditMachine, type AccountAction } from './machines/user-edit.machine';
import type { UserEditApi } from './user-edit-api';

export interface UserEditServices {
  api: UserEditApi;
  userId: string;
  notify: (text: string, type: 'default' | 'error') => void;
}

/** The user edit machine with its real side effects: the calls and the snackbar. */
export function userEditLogic({ api, userId, notify }: UserEditServices) {
  const actions: Record<AccountAction, (id: string) => Promise<void>> = {
    clearFailedSignIns: api.clearFailedSignIns,
    clearPasswordResetAttempts: api.clearPasswordResetAttempts,
    reissueWelcomeEmail: api.reissueWelcomeEmail,
    clearEmailSuppression: api.clearEmailSuppression,
  };
  return userEditMachine.provide({
    actors: {
      loadPage: fromPromise(async () => {
        const [user, groups] = await Promise.all([api.user(userId), api.customerGroups()]);
        return { user, groups };
      }),
      loadUser: fromPromise(() => api.user(userId)),
      runAction: fromPromise(({ input }: { input: { action: AccountAction } }) => actions[input.action](userId)),
      loadSuppression: fromPromise(() => api.emailSuppression(userId)),
    },
    actions: {
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
    },
  });
}
