import type { HolidayCheckDto, RunResultDto, ScenarioDto, ScenarioListEntryDto, ScenarioSessionDto, SessionStartedDto } from '@beacon/contracts';
import { checkHolidayAndWeekend, DEFAULT_MESSAGE_LANGUAGE, DEFAULT_TTS_VOICE, newScenarioDraft, SCHEDULE_IN_THE_PAST, type ScenarioDraft } from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, Method, SendOptions } from '../../../api/api-client';
import { ApiError } from '../../../api/api-error';
import { listEntryOf } from '../../../testing/fake-message-list';
import { aKeptMessage } from '../../../testing/kept-messages';
import { stubApi } from '../../../testing/stub-api';

/*
 * The calls Message Calendar and Schedule Message make, as the server answers them, over in-memory
 * messages and sessions: the message list (with include_sessions and include_scheduled), one
 * message, a session's run result, the holiday check and scheduling (the time in the future by the
 * fake's clock, an Idempotency-Key answered as the first time). Every call is recorded; any other
 * call fails the test.
 */

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
  idempotencyKey: string | undefined;
}

/** A session as the fake keeps it. */
export interface FakeSession {
  id: string;
  scenario: string;
  status: ScenarioSessionDto['status'];
  scheduled_for: string | null;
  started_at: string | null;
  completed_at: string | null;
  recipients: number;
  deliveries: number;
  progress: RunResultDto['progress'];
}

const NO_PROGRESS: RunResultDto['progress'] = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, replied: 0, unknown: 0 };

export function aSession(id: string, scenario: string, changes: Partial<FakeSession>): FakeSession {
  return { id, scenario, status: 'complete', scheduled_for: null, started_at: null, completed_at: null, recipients: 0, deliveries: 0, progress: NO_PROGRESS, ...changes };
}

export function aMessage(id: string, changes: Partial<ScenarioDraft>): ScenarioDto {
  return aKeptMessage(id, changes, '2026-02-01T09:00:00.000Z');
}

const noChecks = newScenarioDraft({ ttsVoice: DEFAULT_TTS_VOICE, language: DEFAULT_MESSAGE_LANGUAGE }).holiday;

/** The demo organisation's messages; IT outage checks English public holidays and weekends. */
export const DEMO_MESSAGES: readonly ScenarioDto[] = [
  aMessage('site-evacuation', { scenario_name: 'Site evacuation', is_real: true }),
  aMessage('fire-drill', { scenario_name: 'Fire drill (test)', is_real: false }),
  aMessage('it-outage', {
    scenario_name: 'IT outage: are you affected?',
    is_real: true,
    holiday: { ...noChecks, check_holiday: true, check_weekend: true, country: 'GB', subdivision: 'ENG' },
  }),
];

/**
 * Sessions of March 2026 (the user's zone, Europe/Oslo, is UTC+1 then): Site evacuation sent on Monday
 * 2 March at 09:15 and scheduled for Tuesday 10 March at 10:00; the fire drill sending on Thursday 5
 * March at 14:00; IT outage sent at 00:30 on Friday 6 March (23:30 on the 5th in UTC).
 */
export const DEMO_SESSIONS: readonly FakeSession[] = [
  aSession('s-1', 'site-evacuation', {
    started_at: '2026-03-02T08:15:00.000Z',
    completed_at: '2026-03-02T08:20:00.000Z',
    recipients: 30,
    deliveries: 30,
    progress: { ...NO_PROGRESS, delivered: 25, replied: 2, failed: 3 },
  }),
  aSession('s-2', 'fire-drill', { status: 'sending', started_at: '2026-03-05T13:00:00.000Z', recipients: 12, deliveries: 12, progress: { ...NO_PROGRESS, delivered: 4, sending: 8 } }),
  aSession('s-3', 'site-evacuation', { status: 'scheduled', scheduled_for: '2026-03-10T09:00:00.000Z' }),
  aSession('s-4', 'it-outage', {
    started_at: '2026-03-05T23:30:00.000Z',
    completed_at: '2026-03-05T23:31:00.000Z',
    recipients: 5,
    deliveries: 5,
    progress: { ...NO_PROGRESS, delivered: 5 },
  }),
];

/** The fake's now: 4 March 2026, midday UTC. */
export const FAKE_NOW = Date.parse('2026-03-04T12:00:00.000Z');

const SESSIONS_LISTED = 5;
const ONE = /^\/api\/scenario\/([^/?]+)\/$/;
const RUN_RESULT = /^\/api\/scenario\/run_result\/([^/?]+)\/$/;
const NOT_FOUND = () => new ApiError(404, { detail: 'Not found.' });

export class FakeCalendarServer {
  readonly calls: RecordedCall[] = [];
  private readonly messages: ScenarioDto[];
  private sessions: FakeSession[];
  private readonly failures: { method: Method; path: RegExp; error: ApiError }[] = [];
  private readonly keyed = new Map<string, SessionStartedDto>();
  private scheduledCount = 0;
  /** Calls wait for this before answering, when a test holds them. */
  private held: Promise<void> | null = null;

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown, options?: SendOptions) => {
    this.calls.push({ method, path, body, idempotencyKey: options?.idempotencyKey });
    if (this.held) await this.held;
    const failure = this.failures.findIndex((planned) => planned.method === method && planned.path.test(path));
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
    return this.answer(method, path, body, options);
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'] });

  constructor(messages: readonly ScenarioDto[] = DEMO_MESSAGES, sessions: readonly FakeSession[] = DEMO_SESSIONS) {
    this.messages = [...messages];
    this.sessions = [...sessions];
  }

  /** The next call with this method (and a path the pattern matches) fails so. */
  failNext(method: Method, error: ApiError, path: RegExp = /./): this {
    this.failures.push({ method, path, error });
    return this;
  }

  /** Calls wait until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.held = new Promise((resolve) => {
      release = () => {
        this.held = null;
        resolve();
      };
    });
    return release;
  }

  /** Another user's session, or a session moving on, straight to the store. */
  put(session: FakeSession): this {
    this.sessions = [...this.sessions.filter((each) => each.id !== session.id), session];
    return this;
  }

  session(id: string): FakeSession | undefined {
    return this.sessions.find((session) => session.id === id);
  }

  writes(): RecordedCall[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  reads(pattern: RegExp): RecordedCall[] {
    return this.calls.filter((call) => call.method === 'GET' && pattern.test(call.path));
  }

  private answer(method: Method, path: string, body: unknown, options: SendOptions | undefined): unknown {
    const url = new URL(path, 'http://console');
    if (method === 'GET' && url.pathname === '/api/scenario/') return this.list(url.searchParams);
    if (method === 'GET' && url.pathname === '/api/holidays/') return this.holidayCheck(url.searchParams);
    if (method === 'POST' && url.pathname === '/api/session/') return this.schedule(body as { scenario?: string; scheduled_for?: string }, options?.idempotencyKey);
    const runResult = RUN_RESULT.exec(url.pathname);
    if (method === 'GET' && runResult) return this.runResult(decodeURIComponent(runResult[1]!));
    const one = ONE.exec(url.pathname);
    if (method === 'GET' && one) {
      const message = this.messages.find((each) => each.id === decodeURIComponent(one[1]!));
      if (!message) throw NOT_FOUND();
      return message;
    }
    throw new Error(`The fake calendar server does not answer ${method} ${path}`);
  }

  private entryOf(message: ScenarioDto, params: URLSearchParams): ScenarioListEntryDto {
    const own = this.sessions.filter((session) => session.scenario === message.id);
    const listed = (session: FakeSession): ScenarioSessionDto => ({
      id: session.id,
      status: session.status,
      scheduled_for: session.scheduled_for,
      started_at: session.started_at,
      completed_at: session.completed_at,
      recipients: session.recipients,
      deliveries: session.deliveries,
    });
    return {
      ...listEntryOf(message),
      ...(params.get('include_sessions') === 'true'
        ? {
            sessions: own
              .filter((session) => session.status !== 'scheduled')
              .sort((a, b) => (b.started_at ?? '').localeCompare(a.started_at ?? ''))
              .slice(0, SESSIONS_LISTED)
              .map(listed),
          }
        : {}),
      ...(params.get('include_scheduled') === 'true'
        ? {
            scheduled: own
              .filter((session) => session.status === 'scheduled')
              .sort((a, b) => (a.scheduled_for ?? '').localeCompare(b.scheduled_for ?? ''))
              .map(listed),
          }
        : {}),
    };
  }

  private list(params: URLSearchParams): ScenarioListEntryDto[] {
    if (params.get('page_size') !== 'all') throw new Error('The calendar reads every message (page_size=all)');
    return this.messages.map((message) => this.entryOf(message, params));
  }

  private runResult(id: string): RunResultDto {
    const session = this.session(id);
    if (!session) throw NOT_FOUND();
    const planned = session.status === 'sending' || session.status === 'complete';
    return {
      task_id: session.id,
      session_id: session.id,
      scenario: session.scenario,
      name: this.messages.find((message) => message.id === session.scenario)?.scenario_name ?? '',
      status: session.status,
      scheduled_for: session.scheduled_for,
      started_at: session.started_at,
      completed_at: session.completed_at,
      recipients: planned ? session.recipients : null,
      deliveries: planned ? session.deliveries : null,
      progress: session.progress,
    };
  }

  /** As GET /api/holidays/ with `at` answers, the day read in the group's zone (Europe/London). */
  private holidayCheck(params: URLSearchParams): HolidayCheckDto {
    const flag = (name: string) => params.get(name) === 'true';
    const check = checkHolidayAndWeekend(params.get('at') ?? '', params.get('timezone') ?? 'Europe/London', {
      check_holiday: flag('check_holiday'),
      reschedule_holiday: flag('reschedule_holiday'),
      check_weekend: flag('check_weekend'),
      reschedule_weekend: flag('reschedule_weekend'),
      country: params.get('country'),
      subdivision: params.get('subdivision'),
    });
    return { ...check, holiday_list: [...check.holiday_list] };
  }

  private schedule(body: { scenario?: string; scheduled_for?: string }, key: string | undefined): SessionStartedDto {
    const known = key === undefined ? undefined : this.keyed.get(key);
    if (known) return known;
    if (!this.messages.some((message) => message.id === body.scenario)) throw new ApiError(400, { scenario: ['Not found.'] });
    const at = Date.parse(body.scheduled_for ?? '');
    if (!/[+-]\d{2}:\d{2}$|Z$/.test(body.scheduled_for ?? '') || Number.isNaN(at)) throw new ApiError(400, { scheduled_for: ['Not an ISO 8601 time.'] });
    if (at <= FAKE_NOW) throw new ApiError(400, { scheduled_for: [SCHEDULE_IN_THE_PAST], detail: SCHEDULE_IN_THE_PAST });
    this.scheduledCount += 1;
    const id = `scheduled-${this.scheduledCount}`;
    const scheduledFor = new Date(at).toISOString();
    this.put(aSession(id, body.scenario!, { status: 'scheduled', scheduled_for: scheduledFor }));
    const answer: SessionStartedDto = { task_id: id, session_id: id, status: 'scheduled', scheduled_for: scheduledFor };
    if (key !== undefined) this.keyed.set(key, answer);
    return answer;
  }
}
