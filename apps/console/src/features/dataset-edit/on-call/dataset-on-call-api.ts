import {
  READ_MODELS,
  ROUTES,
  type AssignableUsersPageDto,
  type AssignOnCallDto,
  type AssignOnCallRequestDto,
  type ChangeOnCallSettingsRequestDto,
  type CustomerGroupDto,
  type OnCallRecipientsDto,
  type OnCallSettingsDto,
  type OnCallSettingsSavedDto,
  type RouteDefinition,
} from '@beacon/contracts';
import type { ApiClient, DownloadedFile } from '../../../api/api-client';

/** Periods added, moved or removed anywhere in reach: the roster and who is on call may have changed. */
export const ON_CALL_PERIODS_LIVE_RESOURCE = READ_MODELS.onCallPeriods;
/** A group's on-call settings saved (the update's id is the group's). */
export const ON_CALL_SETTINGS_LIVE_RESOURCE = READ_MODELS.onCallSettings;

/** A week (or any range) of a group's roster, with or without the groups below it. */
export interface RosterRange {
  start_date: string;
  end_date: string;
  all: boolean;
}

export type AssignMode = 'entire' | 'parts';

/** The on-call calls of a dataset's On call tab (spec part 2 §7, on call; users and on call). */
export interface DatasetOnCallApi {
  /** The group itself: its time zone is the roster's. */
  customerGroup(id: string): Promise<CustomerGroupDto>;
  settings(id: string): Promise<OnCallSettingsDto>;
  /** Keys of on_call_settings left out keep theirs; options_staffing, when sent, replaces every minimum. */
  changeSettings(id: string, change: ChangeOnCallSettingsRequestDto): Promise<OnCallSettingsSavedDto>;
  /** Who is on call now. */
  onCallNow(id: string, all: boolean): Promise<OnCallRecipientsDto>;
  /** A page of the users who can be put on call, each with their periods in the range. */
  assignableUsers(id: string, range: RosterRange, page: number, pageSize: number): Promise<AssignableUsersPageDto>;
  assign(mode: AssignMode, request: AssignOnCallRequestDto): Promise<AssignOnCallDto>;
  /** The group's roster in the range, with its display fields, as CSV. */
  exportRoster(id: string, range: RosterRange): Promise<DownloadedFile>;
  /** The periods of the group's users in the range, by user, as CSV. */
  exportUsersPeriods(id: string, range: RosterRange): Promise<DownloadedFile>;
  /** Per staffing minimum, who is on call now, as CSV. */
  exportReport(id: string): Promise<DownloadedFile>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

export function datasetOnCallApi(api: ApiClient): DatasetOnCallApi {
  const groupExport = (id: string, range: RosterRange) => ({ customer_group: id, ...range });
  return {
    customerGroup: (id) => api.send(ROUTES.customerGroup.method, withId(ROUTES.customerGroup, id)),
    settings: (id) => api.send(ROUTES.onCallSettings.method, withId(ROUTES.onCallSettings, id)),
    changeSettings: (id, change) => api.send(ROUTES.changeOnCallSettings.method, withId(ROUTES.changeOnCallSettings, id), change),
    onCallNow: (id, all) => api.send(ROUTES.onCallRecipients.method, `${withId(ROUTES.onCallRecipients, id)}${all ? '?all=true' : ''}`),
    assignableUsers: (id, { start_date, end_date, all }, page, pageSize) => {
      const query = new URLSearchParams({ start_date, end_date, page_number: String(page), items_per_page: String(pageSize), ...(all ? { all: 'true' } : {}) });
      return api.send(ROUTES.assignUsersOnCall.method, `${withId(ROUTES.assignUsersOnCall, id)}?${query.toString()}`);
    },
    assign: (mode, request) => {
      const route = mode === 'entire' ? ROUTES.assignOnCallEntire : ROUTES.assignOnCallParts;
      return api.send(route.method, route.path, request);
    },
    exportRoster: (id, range) => api.fetchFile(ROUTES.exportCustomerGroupOnCall.method, ROUTES.exportCustomerGroupOnCall.path, groupExport(id, range)),
    exportUsersPeriods: (id, range) => api.fetchFile(ROUTES.exportUsersOnCall.method, ROUTES.exportUsersOnCall.path, groupExport(id, range)),
    exportReport: (id) => api.fetchFile(ROUTES.onCallReport.method, withId(ROUTES.onCallReport, id)),
  };
}
