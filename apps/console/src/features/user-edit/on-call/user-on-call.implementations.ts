import { fromPromise } from 'xstate';
import { saveFile } from '../../../shared-ui/save-file';
import { userOnCallMachine, type SavePeriodInput } from './machines/user-on-call.machine';
import type { UserOnCallApi } from './user-on-call-api';

export interface UserOnCallServices {
  api: UserOnCallApi;
  notify: (text: string, type: 'default' | 'error') => void;
}

/** The user's on-call machine with its real side effects: the calls, the download and the snackbar. */
export function userOnCallLogic({ api, notify }: UserOnCallServices) {
  return userOnCallMachine.provide({
    actors: {
      loadWeek: fromPromise(({ input }: { input: { userId: string; from: string | null } }) => api.week(input.userId, input.from)),
      savePeriod: fromPromise(({ input }: { input: SavePeriodInput }) =>
        input.periodId === null ? api.addPeriod({ user: input.userId, ...input.times }) : api.changePeriod(input.periodId, input.times),
      ),
      removePeriod: fromPromise(({ input }: { input: { periodId: string } }) => api.removePeriod(input.periodId)),
      exportPeriods: fromPromise(({ input }: { input: { userId: string } }) => api.exportPeriods(input.userId)),
    },
    actions: {
      saveFile: (_, { file }) => saveFile(file, 'on-call-periods.csv'),
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
    },
  });
}
