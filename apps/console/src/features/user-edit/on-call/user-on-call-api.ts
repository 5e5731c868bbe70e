import {
  READ_MODELS,
  ROUTES,
  type ChangeOnCallPeriodRequestDto,
  type CreateOnCallPeriodRequestDto,
  type OnCallPeriodChangeDto,
  type OnCallPeriodRemovalDto,
  type OnCallWeekDto,
  type RouteDefinition,
} from '@beacon/contracts';
import type { ApiClient, DownloadedFile } from '../../../api/api-client';

/** The on-call projection tells open screens of each period added, moved or removed, with its user. */
export const ON_CALL_PERIODS_LIVE_RESOURCE = READ_MODELS.onCallPeriods;

/** The calls of a user's On call tab (spec part 2 §7, users and on call). */
export interface UserOnCallApi {
  /** One week of the user's periods: the week holding `from` (YYYY-MM-DD), or this week in the user's time zone. */
  week(userId: string, from: string | null): Promise<OnCallWeekDto[]>;
  addPeriod(request: CreateOnCallPeriodRequestDto): Promise<OnCallPeriodChangeDto>;
  changePeriod(periodId: string, request: ChangeOnCallPeriodRequestDto): Promise<OnCallPeriodChangeDto>;
  removePeriod(periodId: string): Promise<OnCallPeriodRemovalDto>;
  /** Every period of the user, as CSV. */
  exportPeriods(userId: string): Promise<DownloadedFile>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

export function userOnCallApi(api: ApiClient): UserOnCallApi {
  return {
    week: (userId, from) => {
      const query = new URLSearchParams({ weeks: '1', ...(from === null ? {} : { from }) });
      return api.send(ROUTES.userOnCall.method, `${withId(ROUTES.userOnCall, userId)}?${query.toString()}`);
    },
    addPeriod: (request) => api.send(ROUTES.createOnCallPeriod.method, ROUTES.createOnCallPeriod.path, request),
    changePeriod: (periodId, request) => api.send(ROUTES.changeOnCallPeriod.method, withId(ROUTES.changeOnCallPeriod, periodId), request),
    removePeriod: (periodId) => api.send(ROUTES.deleteOnCallPeriod.method, withId(ROUTES.deleteOnCallPeriod, periodId)),
    exportPeriods: (userId) => api.fetchFile(ROUTES.exportOnCallPeriods.method, withId(ROUTES.exportOnCallPeriods, userId), {}),
  };
}
