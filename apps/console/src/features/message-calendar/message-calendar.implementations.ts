import { MESSAGE_SESSION_STATUSES, type LiveUpdate, type RunResultDto } from '@beacon/contracts';
import { filter } from 'rxjs';
import { fromCallback, fromPromise } from 'xstate';
import { liveUpdates$ } from '../../live/live-incidents';
import { checksHolidays, holidayCheckQuery, holidayWarning, type HolidaySettings } from './holiday-warning';
import { CALENDAR_LIVE_RESOURCES, type MessageCalendarApi } from './message-calendar-api';
import { messageCalendarMachine, type CalendarEvent } from './machines/message-calendar.machine';
import { scheduleMessageMachine, type HolidayCheckInput, type ScheduleRequest } from './machines/schedule-message.machine';
import type { SessionStatus } from './calendar-sessions';

const WATCHED: ReadonlySet<string> = new Set(Object.values(CALENDAR_LIVE_RESOURCES));

const isStatus = (value: unknown): value is SessionStatus => (MESSAGE_SESSION_STATUSES as readonly unknown[]).includes(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

/** What a live update means to the calendar; one it cannot read makes it read the list again. */
export function calendarEventOf(update: LiveUpdate): CalendarEvent {
  if (update.resource === CALENDAR_LIVE_RESOURCES.sessions) {
    const data = (typeof update.data === 'object' && update.data !== null ? update.data : {}) as Record<string, unknown>;
    if (!isStatus(data['status'])) return { type: 'calendar.reload' };
    const recipients = count(data['recipients']);
    const deliveries = count(data['deliveries']);
    return {
      type: 'calendar.sessionChanged',
      id: update.id,
      status: data['status'],
      ...(recipients === undefined ? {} : { recipients }),
      ...(deliveries === undefined ? {} : { deliveries }),
    };
  }
  if (update.resource === CALENDAR_LIVE_RESOURCES.deliveries) return { type: 'calendar.deliveriesChanged', id: update.id };
  return { type: 'calendar.reload' };
}

/** The calendar machine with its real side effects: the API calls and the live updates. */
export function messageCalendarLogic(api: MessageCalendarApi) {
  return messageCalendarMachine.provide({
    actors: {
      loadSessions: fromPromise(() => api.messagesWithSessions()),
      readResults: fromPromise(async ({ input }: { input: { ids: readonly string[] } }) => {
        const results = await Promise.all(input.ids.map((id) => api.runResult(id).catch(() => null)));
        return results.filter((result): result is RunResultDto => result !== null);
      }),
      watchSessions: fromCallback(({ sendBack }) => {
        const subscription = liveUpdates$.pipe(filter((update) => WATCHED.has(update.resource))).subscribe((update) => sendBack(calendarEventOf(update)));
        return () => subscription.unsubscribe();
      }),
    },
  });
}

export interface ScheduleServices {
  api: MessageCalendarApi;
  /** The app's snackbar, for the success that the calendar then shows. */
  notify: (text: string) => void;
}

/** The Schedule Message machine with its real side effects: the API calls (each message's holiday settings read once) and the snackbar. */
export function scheduleMessageLogic({ api, notify }: ScheduleServices) {
  const settings = new Map<string, Promise<HolidaySettings>>();
  const holidaySettingsOf = (id: string) => {
    let read = settings.get(id);
    if (!read) {
      read = api.message(id).then((message) => message.holiday);
      read.catch(() => settings.delete(id));
      settings.set(id, read);
    }
    return read;
  };
  return scheduleMessageMachine.provide({
    actors: {
      loadMessages: fromPromise(() => api.messages()),
      checkHoliday: fromPromise(async ({ input }: { input: HolidayCheckInput }) => {
        const holiday = await holidaySettingsOf(input.scenarioId);
        if (!checksHolidays(holiday)) return null;
        return holidayWarning(input.name, holiday, await api.holidayCheck(holidayCheckQuery(holiday, input.at)));
      }),
      scheduleSession: fromPromise(({ input }: { input: ScheduleRequest }) => api.schedule(input.request, input.idempotencyKey)),
    },
    actions: {
      notifySuccess: (_, { text }) => notify(text),
    },
  });
}
