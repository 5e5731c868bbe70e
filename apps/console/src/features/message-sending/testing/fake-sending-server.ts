import type { QuotaUsageDto, RunResultDto, ScenarioDto, ScenarioListEntryDto, ScenarioPageDto, ScenarioSessionDto, SessionStartedDto } from '@beacon/contracts';
import { EMPTY_RECIPIENTS, QUOTA_CHANNEL_NAMES, QUOTA_CHANNELS, type QuotaChannel, type ScenarioDraft } from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, Method, SendOptions } from '../../../api/api-client';
import { ApiError } from '../../../api/api-error';
import { publishLiveUpdate } from '../../../live/live-incidents';
import { listEntryOf, listPage, matchingMessages } from '../../../testing/fake-message-list';
import { aDevice, aKeptMessage, SITE_EVACUATION } from '../../../testing/kept-messages';
import { stubApi } from '../../../testing/stub-api';
import { SENDING_LIVE_RESOURCES } from '../message-sending-api';

/*
 * The calls Send Message makes, as the server answers them, over in-memory messages and sessions:
 * the list (Real / Test, search, pages) with each message's latest and scheduled sessions, a draft,
 * the recipient count, a send (a repeated Idempotency-Key answers the session it started),
 * run_result and the organisation's daily quotas' use (no quotas unless told). Tests move a session on
 * (planned, deliveries reported, complete, refused), and each move is a live update as the socket would
 * bring it. Every call is recorded; any other call fails the test.
 */

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
  idempotencyKey: string | undefined;
}

type Progress = RunResultDto['progress'];
type FakeSession = Omit<RunResultDto, 'task_id' | 'session_id'> & { id: string };

const NO_PROGRESS: Progress = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, replied: 0, unknown: 0 };

/** A kept message as GET /api/scenario/{id}/ answers it, sent to everyone unless told. */
export function aMessage(id: string, changes: Partial<ScenarioDraft>, updatedAt: string): ScenarioDto {
  return aKeptMessage(id, { recipients: { ...EMPTY_RECIPIENTS, include: [{ recipient_type: 'everyone', recipient_value: [] }] }, ...changes }, updatedAt);
}

/** The demo organisation's messages (apps/command-api/src/seed/demo-templates.ts), newest change first. */
export const DEMO_MESSAGES: readonly ScenarioDto[] = [
  aMessage('site-evacuation', SITE_EVACUATION, '2026-03-05T09:30:00.000Z'),
  aMessage('fire-drill', { scenario_name: 'Fire drill (test)', is_real: false, devices: [aDevice('mobile', 'SMS', 1)], message: { sms: 'Fire drill.', email: '', voice: '' } }, '2026-03-04T14:05:00.000Z'),
  aMessage(
    'it-outage',
    { scenario_name: 'IT outage: are you affected?', is_real: true, devices: [aDevice('mobile', 'SMS', 1), aDevice('work-email', 'EMAIL', 2)], message: { sms: 'IT outage.', email: 'IT outage.', voice: '' } },
    '2026-03-01T08:00:00.000Z',
  ),
];

/** Site evacuation's send of last week, complete: 480 of 500 messages delivered (5 with a reply), 15 failed. */
export const EARLIER_SESSION: FakeSession = {
  id: 'session-earlier',
  scenario: 'site-evacuation',
  name: 'Site evacuation',
  status: 'complete',
  scheduled_for: null,
  started_at: '2026-02-26T08:00:00.000Z',
  completed_at: '2026-02-26T08:20:00.000Z',
  recipients: 200,
  deliveries: 500,
  progress: { ...NO_PROGRESS, delivered: 475, replied: 5, failed: 20 },
};

/** The fire drill, scheduled for later. */
export const SCHEDULED_SESSION: FakeSession = {
  id: 'session-scheduled',
  scenario: 'fire-drill',
  name: 'Fire drill (test)',
  status: 'scheduled',
  scheduled_for: '2026-03-10T09:00:00.000Z',
  started_at: null,
  completed_at: null,
  recipients: null,
  deliveries: null,
  progress: NO_PROGRESS,
};

/** The organisation's day (Europe/London) as GET /api/customer_group_quota_usage/ answers it: no quotas, nothing used. */
export const NO_QUOTAS: QuotaUsageDto = {
  day: '2026-03-06',
  time_zone: 'Europe/London',
  resets_at: '2026-03-07T00:00:00.000Z',
  channels: QUOTA_CHANNELS.map((channel) => ({ channel, label: QUOTA_CHANNEL_NAMES[channel], used: 0, quota: null })),
};

const NOT_FOUND = () => new ApiError(404, { detail: 'Not found.' });
const ONE = /^\/api\/scenario\/([^/?]+)\/$/;
const SEND = /^\/api\/scenario\/([^/?]+)\/send_without_saving\/$/;
const RUN_RESULT = /^\/api\/scenario\/run_result\/([^/?]+)\/$/;
const RESEND = /^\/api\/session\/([^/?]+)\/resend\/$/;

interface Hold {
  method: Method;
  path: RegExp;
  released: Promise<void>;
}

export class FakeSendingServer {
  readonly calls: RecordedCall[] = [];
  readonly sessions = new Map<string, FakeSession>();
  /** What the recipient count answers for each message (212 people unless told); each of its devices reaches them all. */
  readonly people = new Map<string, number>();
  /** The organisation's daily quotas and today's use. */
  quotaUsage: QuotaUsageDto = NO_QUOTAS;
  private messages: ScenarioDto[];
  private readonly failures: { method: Method; path: RegExp; error: ApiError }[] = [];
  private readonly holds: Hold[] = [];
  private readonly keys = new Map<string, string>();
  private started = 0;
  private clock = Date.parse('2026-03-06T10:00:00.000Z');

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown, options?: SendOptions) => {
    this.calls.push({ method, path, body, idempotencyKey: options?.idempotencyKey });
    const hold = this.holds.findIndex((planned) => planned.method === method && planned.path.test(path));
    if (hold >= 0) await this.holds.splice(hold, 1)[0]!.released;
    const failure = this.failures.findIndex((planned) => planned.method === method && planned.path.test(path));
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
    return this.answer(method, path, options);
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'] });

  constructor(messages: readonly ScenarioDto[] = DEMO_MESSAGES, sessions: readonly FakeSession[] = [EARLIER_SESSION, SCHEDULED_SESSION]) {
    this.messages = [...messages];
    for (const session of sessions) this.sessions.set(session.id, { ...session, progress: { ...session.progress } });
  }

  /** The next call with this method (and a path the pattern matches) fails so. */
  failNext(method: Method, error: ApiError, path: RegExp = /./): this {
    this.failures.push({ method, path, error });
    return this;
  }

  /** The next such call waits until the returned function is called. */
  hold(method: Method, path: RegExp): () => void {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ method, path, released });
    return release;
  }

  sends(): RecordedCall[] {
    return this.calls.filter((call) => call.method === 'POST' && SEND.test(call.path));
  }

  reads(pattern: RegExp): RecordedCall[] {
    return this.calls.filter((call) => call.method === 'GET' && pattern.test(call.path));
  }

  /** The session the planner resolved: so many people, so many messages queued. */
  plan(id: string, recipients: number, deliveries: number): void {
    this.move(id, (session) => ({ ...session, status: 'sending', recipients, deliveries, progress: { ...NO_PROGRESS, queued: deliveries } }), SENDING_LIVE_RESOURCES.sessions);
  }

  /** Deliveries move from one state (queued unless told) to the states given, as the workers and providers report them. */
  report(id: string, moved: Partial<Progress>, from: keyof Progress = 'queued'): void {
    this.move(
      id,
      (session) => {
        const progress = { ...session.progress };
        for (const [state, count] of Object.entries(moved) as [keyof Progress, number][]) {
          progress[from] -= count;
          progress[state] += count;
        }
        return { ...session, progress };
      },
      SENDING_LIVE_RESOURCES.deliveries,
    );
  }

  /** The channel has a daily quota, with so much of it used today. */
  limit(channel: QuotaChannel, quota: number, used = 0): this {
    this.quotaUsage = { ...this.quotaUsage, channels: this.quotaUsage.channels.map((entry) => (entry.channel === channel ? { ...entry, quota, used } : entry)) };
    return this;
  }

  /** The planner refused the session before queuing anything (a daily quota), saying why. */
  refuse(id: string, note: string): void {
    this.move(id, (session) => ({ ...session, status: 'refused', completed_at: this.tick(), note }), SENDING_LIVE_RESOURCES.sessions);
  }

  /** Every delivery has its final answer. */
  complete(id: string): void {
    this.move(id, (session) => ({ ...session, status: 'complete', completed_at: this.tick() }), SENDING_LIVE_RESOURCES.sessions);
  }

  private move(id: string, change: (session: FakeSession) => FakeSession, resource: string): void {
    const session = change(this.sessions.get(id)!);
    this.sessions.set(id, session);
    publishLiveUpdate({ position: this.clock, type: 'Changed', resource, id, data: { status: session.status, recipients: session.recipients, deliveries: session.deliveries }, tenantId: 'group-1' });
  }

  private tick(): string {
    this.clock += 60_000;
    return new Date(this.clock).toISOString();
  }

  private answer(method: Method, path: string, options: SendOptions | undefined): unknown {
    const url = new URL(path, 'http://console');
    const one = ONE.exec(url.pathname);
    const send = SEND.exec(url.pathname);
    const runResult = RUN_RESULT.exec(url.pathname);
    if (method === 'GET' && url.pathname === '/api/scenario/') return this.list(url.searchParams);
    if (method === 'GET' && url.pathname === '/api/customer_group_quota_usage/') return this.quotaUsage;
    if (method === 'POST' && url.pathname === '/api/scenario/get_recipients_count/') return this.count();
    if (method === 'GET' && runResult) return this.runResult(decodeURIComponent(runResult[1]!));
    const resend = RESEND.exec(url.pathname);
    if (method === 'PATCH' && resend && url.searchParams.get('reply') === 'No Response') return this.resend(decodeURIComponent(resend[1]!));
    if (method === 'POST' && send) return this.start(decodeURIComponent(send[1]!), options?.idempotencyKey);
    if (method === 'GET' && one) {
      const message = this.messages.find((candidate) => candidate.id === decodeURIComponent(one[1]!));
      if (!message) throw NOT_FOUND();
      return message;
    }
    throw new Error(`The fake sending server does not answer ${method} ${path}`);
  }

  /** The count is asked right after the draft is read, so it counts for the message last read. */
  private count() {
    const last = [...this.calls].reverse().find((call) => call.method === 'GET' && ONE.test(new URL(call.path, 'http://console').pathname));
    const id = last ? decodeURIComponent(ONE.exec(new URL(last.path, 'http://console').pathname)![1]!) : '';
    const people = this.people.get(id) ?? 212;
    const channels = { SMS: 0, VOICE: 0, EMAIL: 0 };
    for (const device of this.messages.find((message) => message.id === id)?.devices ?? []) channels[device.dispatch_type] += people;
    return { count: people, excluded: 0, devices: [], channels, without_devices: 0, notes: [] };
  }

  private start(id: string, key: string | undefined): SessionStartedDto {
    const message = this.messages.find((candidate) => candidate.id === id);
    if (!message) throw NOT_FOUND();
    const repeated = key === undefined ? undefined : this.keys.get(key);
    const sessionId = repeated ?? `session-${++this.started}`;
    if (!repeated) {
      if (key !== undefined) this.keys.set(key, sessionId);
      this.sessions.set(sessionId, {
        id: sessionId,
        scenario: id,
        name: message.scenario_name,
        status: 'planning',
        scheduled_for: null,
        started_at: this.tick(),
        completed_at: null,
        recipients: null,
        deliveries: null,
        progress: { ...NO_PROGRESS },
      });
    }
    return { task_id: sessionId, session_id: sessionId, status: 'planning', scheduled_for: null };
  }

  /** A resend: the session is sending again. */
  private resend(id: string) {
    if (!this.sessions.has(id)) throw NOT_FOUND();
    this.move(id, (session) => ({ ...session, status: 'sending', completed_at: null }), SENDING_LIVE_RESOURCES.sessions);
    return { task_id: id, session_id: id, status: 'sending' as const };
  }

  private runResult(id: string): RunResultDto {
    const session = this.sessions.get(id);
    if (!session) throw NOT_FOUND();
    const { id: _id, ...rest } = session;
    return { task_id: id, session_id: id, ...rest, progress: { ...session.progress } };
  }

  private listed(session: FakeSession): ScenarioSessionDto {
    return {
      id: session.id,
      status: session.status,
      scheduled_for: session.scheduled_for,
      started_at: session.started_at,
      completed_at: session.completed_at,
      recipients: session.recipients ?? 0,
      deliveries: session.deliveries ?? 0,
    };
  }

  private entryOf(message: ScenarioDto): ScenarioListEntryDto {
    const own = [...this.sessions.values()].filter((session) => session.scenario === message.id);
    return {
      ...listEntryOf(message),
      sessions: own
        .filter((session) => session.started_at !== null)
        .sort((a, b) => b.started_at!.localeCompare(a.started_at!))
        .slice(0, 5)
        .map((session) => this.listed(session)),
      scheduled: own.filter((session) => session.status === 'scheduled').map((session) => this.listed(session)),
    };
  }

  private list(params: URLSearchParams): ScenarioPageDto {
    return listPage(matchingMessages(this.messages, params).map((message) => this.entryOf(message)), params);
  }
}
