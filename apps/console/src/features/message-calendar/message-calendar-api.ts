import {
  READ_MODELS,
  ROUTES,
  type HolidayCheckDto,
  type RouteDefinition,
  type RunResultDto,
  type ScenarioDto,
  type ScenarioListEntryDto,
  type ScheduleSessionRequest,
  type SessionStartedDto,
} from '@beacon/contracts';
import type { ApiClient } from '../../api/api-client';

/** Live updates the calendar follows: sessions scheduled, started or finished; their deliveries; messages renamed or deleted. */
export const CALENDAR_LIVE_RESOURCES = {
  sessions: READ_MODELS.messageSessions,
  deliveries: READ_MODELS.messageDeliveries,
  messages: READ_MODELS.scenarios,
} as const;

/** The calls of Message Calendar and Schedule Message (spec part 2 §7 "Scenarios and sending"). */
export interface MessageCalendarApi {
  /** Every message in reach, each with its latest sessions sent and those still to start. */
  messagesWithSessions(): Promise<ScenarioListEntryDto[]>;
  /** Every message in reach: what Schedule Message offers. */
  messages(): Promise<ScenarioListEntryDto[]>;
  /** One session with its deliveries by state. */
  runResult(sessionId: string): Promise<RunResultDto>;
  /** The whole draft of one message (its holiday and weekend checks). */
  message(id: string): Promise<ScenarioDto>;
  /** What the holiday and weekend checks find for a send at a moment (GET /api/holidays/ with `at`). */
  holidayCheck(query: Readonly<Record<string, string>>): Promise<HolidayCheckDto>;
  /** Schedules a kept message; the key makes a repeat of the same request (a double click, a retry) schedule it once. */
  schedule(request: ScheduleSessionRequest, idempotencyKey: string): Promise<SessionStartedDto>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));
const query = (values: Readonly<Record<string, string>>) => `?${new URLSearchParams(values).toString()}`;

export function messageCalendarApi(api: ApiClient): MessageCalendarApi {
  return {
    messagesWithSessions: () =>
      api.send(ROUTES.scenarios.method, `${ROUTES.scenarios.path}${query({ page_size: 'all', active_tab: 'all', include_sessions: 'true', include_scheduled: 'true' })}`),
    messages: () => api.send(ROUTES.scenarios.method, `${ROUTES.scenarios.path}${query({ page_size: 'all', active_tab: 'all' })}`),
    runResult: (sessionId) => api.send(ROUTES.runResult.method, withId(ROUTES.runResult, sessionId)),
    message: (id) => api.send(ROUTES.scenario.method, withId(ROUTES.scenario, id)),
    holidayCheck: (values) => api.send(ROUTES.holidays.method, `${ROUTES.holidays.path}${query(values)}`),
    schedule: (request, idempotencyKey) => api.send(ROUTES.scheduleSession.method, ROUTES.scheduleSession.path, request, { idempotencyKey }),
  };
}
