import type { ChangeOnCallSettingsRequestDto } from '@beacon/contracts';
import { fromPromise } from 'xstate';
import type { PeriodTimes } from '../../../formatting/on-call-times';
import { saveFile } from '../../../shared-ui/save-file';
import type { AssignMode, DatasetOnCallApi, RosterRange } from './dataset-on-call-api';
import { onCallRosterMachine, type OnCallExport } from './machines/on-call-roster.machine';
import { onCallSettingsMachine } from './machines/on-call-settings.machine';

export interface DatasetOnCallServices {
  api: DatasetOnCallApi;
  notify: (text: string, type: 'default' | 'error') => void;
}

const FILE_NAMES: Record<OnCallExport, string> = { roster: 'on-call-roster.csv', periods: 'on-call-periods.csv', report: 'on-call-report.csv' };

/** The on-call settings machine with its real calls and snackbar. */
export function onCallSettingsLogic({ api, notify }: DatasetOnCallServices) {
  return onCallSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(({ input }: { input: { groupId: string } }) => api.settings(input.groupId)),
      saveSettings: fromPromise(({ input }: { input: { groupId: string; change: ChangeOnCallSettingsRequestDto } }) => api.changeSettings(input.groupId, input.change)),
    },
    actions: {
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
    },
  });
}

/** The roster machine with its real calls, downloads and snackbar. */
export function onCallRosterLogic({ api, notify }: DatasetOnCallServices) {
  const exports: Record<OnCallExport, (groupId: string, range: RosterRange) => ReturnType<DatasetOnCallApi['exportReport']>> = {
    roster: api.exportRoster,
    periods: api.exportUsersPeriods,
    report: (groupId) => api.exportReport(groupId),
  };
  return onCallRosterMachine.provide({
    actors: {
      loadRoster: fromPromise(({ input }: { input: { groupId: string; range: RosterRange; page: number; pageSize: number } }) =>
        api.assignableUsers(input.groupId, input.range, input.page, input.pageSize),
      ),
      loadOnCallNow: fromPromise(({ input }: { input: { groupId: string; all: boolean } }) => api.onCallNow(input.groupId, input.all)),
      assign: fromPromise(({ input }: { input: { mode: AssignMode; users: readonly string[]; times: PeriodTimes } }) =>
        api.assign(input.mode, { users: [...input.users], ...input.times }),
      ),
      exportFile: fromPromise(({ input }: { input: { file: OnCallExport; groupId: string; range: RosterRange } }) => exports[input.file](input.groupId, input.range)),
    },
    actions: {
      saveFile: (_, { file, kind }) => saveFile(file, FILE_NAMES[kind]),
      notifySuccess: (_, { text }) => notify(text, 'default'),
      notifyFailure: (_, { text }) => notify(text, 'error'),
    },
  });
}
