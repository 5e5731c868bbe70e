import type {
  RunResultDto,
  ScenarioListEntryDto,
  ScenarioSessionDto,
  SessionAggregateDto,
  SessionDispatchDto,
  SessionRecipientDispatchesDto,
  SessionRecipientDto,
  SessionRecipientPageDto,
  SessionReportDetailsDto,
  SessionResentDto,
} from '@beacon/contracts';
import { NO_FILTER_RESULTS, RESPONDED } from '@beacon/contracts';
import { RECIPIENT_STATES } from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, DownloadedFile, Method, SendOptions } from '../../../api/api-client';
import type { ApiError } from '../../../api/api-error';
import { publishLiveUpdate } from '../../../live/live-incidents';
import { listPage } from '../../../testing/fake-message-list';
import { stubApi } from '../../../testing/stub-api';
import { REPORT_LIVE_RESOURCES } from '../message-reports-api';

/*
 * The calls the session report screens make, as the server answers them, over in-memory messages,
 * sessions and one session's people: the list of messages with their sessions, run_result, the
 * report's details and counts, the people (filtered and paged), a person's dispatches, the exports
 * and the resends. Every call is recorded; any other call fails the test.
 */

export interface RecordedCall {
  method: Method;
  path: string;
  idempotencyKey: string | undefined;
  file: boolean;
}

type Progress = RunResultDto['progress'];
const NO_PROGRESS: Progress = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, replied: 0, unknown: 0 };

export const SESSION_ID = 'session-7';

/** A session as the list shows it. */
export function aListedSession(id: string, changes: Partial<ScenarioSessionDto> = {}): ScenarioSessionDto {
  return {
    id,
    status: 'complete',
    scheduled_for: null,
    started_at: '2026-03-05T09:00:00.000Z',
    completed_at: '2026-03-05T09:20:00.000Z',
    recipients: 23,
    deliveries: 40,
    rescheduled_from: null,
    schedule_note: null,
    ...changes,
  };
}

export function aListEntry(id: string, name: string, sessions: ScenarioSessionDto[], changes: Partial<ScenarioListEntryDto> = {}): ScenarioListEntryDto {
  return {
    id,
    name,
    scenario_id: '',
    is_real: true,
    scenario_type: 'broadcast',
    customer_group: 'group-1',
    customer_group_name: 'Demo Organisation',
    channels: ['SMS', 'EMAIL'],
    is_dashboard: false,
    is_phone_invoke: false,
    is_incident_manager: false,
    is_email_invoke: false,
    updated_at: '2026-03-05T08:00:00.000Z',
    sessions,
    ...changes,
  };
}

/** Site evacuation sent twice (the later send still going), the fire drill once, and a message never sent. */
export const DEMO_ENTRIES: readonly ScenarioListEntryDto[] = [
  aListEntry('site-evacuation', 'Site evacuation', [
    aListedSession('session-8', { status: 'sending', started_at: '2026-03-06T10:00:00.000Z', completed_at: null, recipients: 200, deliveries: 500 }),
    aListedSession(SESSION_ID),
  ]),
  aListEntry('fire-drill', 'Fire drill (test)', [aListedSession('session-3', { started_at: '2026-02-20T13:30:00.000Z', recipients: 4, deliveries: 4 })], {
    is_real: false,
    scenario_type: 'conference',
    updated_at: '2026-03-01T08:00:00.000Z',
  }),
  aListEntry('it-outage', 'IT outage', [], { updated_at: '2026-02-01T08:00:00.000Z' }),
];

const STATES: SessionRecipientDto['state'][] = ['Successful Delivery', 'Successful Delivery', 'Delivery Failure', 'Pending', 'Successful Delivery'];
const REPLIES = ['Yes, safe', 'No Response', 'Delivery Failure', 'No Response', 'Need help'];

/** Person n of the session: every fifth fails, every fourth of five is still pending, two kinds of reply. */
export function aPerson(n: number): SessionRecipientDto {
  const state = STATES[(n - 1) % STATES.length]!;
  const reply = REPLIES[(n - 1) % REPLIES.length]!;
  const replied = reply !== 'No Response' && reply !== 'Delivery Failure';
  return {
    id: `user-${n}`,
    name: `Person ${n}`,
    address_string: `+4479111230${String(n).padStart(2, '0')}, person${n}@demo.test`,
    email: `person${n}@demo.test`,
    phone_number: `+4479111230${String(n).padStart(2, '0')}`,
    state,
    reply,
    reply_time: replied ? `2026-03-05T09:${String(n).padStart(2, '0')}:00.000Z` : null,
    note: null,
    devices: [],
  };
}

export const DEMO_PEOPLE: readonly SessionRecipientDto[] = Array.from({ length: 23 }, (_, index) => aPerson(index + 1));

export function aReport(people: readonly SessionRecipientDto[], changes: Partial<SessionReportDetailsDto> = {}): SessionReportDetailsDto {
  const count = (state: string) => people.filter((person) => person.state === state).length;
  return {
    session_id: SESSION_ID,
    name: 'Site evacuation',
    session_type: 'broadcast',
    is_real: true,
    status: 'complete',
    channels: ['SMS', 'EMAIL'],
    started_at: '2026-03-05T09:00:00.000Z',
    completed_at: '2026-03-05T09:20:00.000Z',
    timeout_seconds: 1800,
    statistics: {
      total_recipients: people.length + 2,
      excluded_users: 2,
      total_responded_recipients: people.filter((person) => person.reply_time !== null).length,
      delivered_recipients: count('Successful Delivery'),
      delivery_failures: count('Delivery Failure'),
      pending_recipients: count('Pending'),
    },
    states: Object.fromEntries(RECIPIENT_STATES.map((state) => [state, count(state)])) as SessionReportDetailsDto['states'],
    detail: { allowed: true, filters: ['state', 'reply', 'reply_time', 'name', 'email', 'phone'] },
    ...changes,
  };
}

/** Two attempts on the phone (the first failed, the retry delivered) and one email. */
export function dispatchesOf(person: SessionRecipientDto): SessionDispatchDto[] {
  const base = { provider: 'simulator', provider_message_id: null, reply: null, failure: null, reason: null, answered_at: null, delivered_at: null, replaced: false };
  return [
    {
      ...base,
      delivery_id: `${person.id}.sms.1`,
      device_id: 'mobile',
      channel: 'SMS',
      attempt: 1,
      address: person.phone_number,
      status: 'failed',
      failure: 'unreachable',
      reason: 'The phone was off.',
      sent_at: '2026-03-05T09:00:05.000Z',
      answered_at: '2026-03-05T09:00:09.000Z',
      replaced: true,
    },
    {
      ...base,
      delivery_id: `${person.id}.sms.2`,
      device_id: 'mobile',
      channel: 'SMS',
      attempt: 2,
      address: person.phone_number,
      status: 'delivered',
      sent_at: '2026-03-05T09:02:05.000Z',
      answered_at: '2026-03-05T09:02:07.000Z',
      delivered_at: '2026-03-05T09:02:07.000Z',
    },
    { ...base, delivery_id: `${person.id}.email.1`, device_id: 'work-email', channel: 'EMAIL', attempt: 1, address: person.email, status: 'sent', sent_at: '2026-03-05T09:00:05.000Z' },
  ];
}

const RUN_RESULT = /^\/api\/scenario\/run_result\/([^/]+)\/$/;
const SESSION = /^\/api\/session\/([^/]+)\/(report-details|recipients|recipients\/aggregate\/([a-z_]+)|recipient\/([^/]+)\/dispatches|resend)\/$/;

interface Planned {
  method: Method;
  path: RegExp;
}

export class FakeReportServer {
  readonly calls: RecordedCall[] = [];
  people: SessionRecipientDto[];
  details: SessionReportDetailsDto;
  /** The progress run_result answers for a session still going. */
  readonly progress = new Map<string, Progress>([['session-8', { ...NO_PROGRESS, delivered: 300, replied: 20, failed: 10, queued: 170 }]]);
  private readonly failures: (Planned & { error: ApiError })[] = [];
  private readonly holds: (Planned & { released: Promise<void> })[] = [];
  private position = 1000;

  readonly send = jest.fn(async (method: Method, path: string, _body?: unknown, options?: SendOptions) => {
    await this.record(method, path, options, false);
    return this.answer(method, path);
  });

  readonly fetchFile = jest.fn(async (method: Method, path: string): Promise<DownloadedFile> => {
    await this.record(method, path, undefined, true);
    return { blob: new Blob(['file']), filename: null };
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'], fetchFile: this.fetchFile });

  constructor(
    private readonly entries: readonly ScenarioListEntryDto[] = DEMO_ENTRIES,
    people: readonly SessionRecipientDto[] = DEMO_PEOPLE,
    details: Partial<SessionReportDetailsDto> = {},
  ) {
    this.people = [...people];
    this.details = aReport(people, details);
  }

  /** The next call with this method and a path the pattern matches fails so. */
  failNext(method: Method, path: RegExp, error: ApiError): this {
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

  /** The paths of the calls so far whose path the pattern matches. */
  paths(pattern: RegExp, method: Method = 'GET'): string[] {
    return this.calls.filter((call) => call.method === method && pattern.test(call.path)).map((call) => call.path);
  }

  /** A person's line changes, as the session-report projection would announce it. */
  change(mutate: (people: SessionRecipientDto[]) => SessionRecipientDto[], sessionId = SESSION_ID): void {
    this.people = mutate(this.people);
    this.details = { ...aReport(this.people), detail: this.details.detail, channels: this.details.channels, status: this.details.status };
    publishLiveUpdate({ position: ++this.position, type: 'DeliveriesReported', resource: REPORT_LIVE_RESOURCES.report, id: sessionId, data: { session_id: sessionId }, tenantId: 'group-1' });
  }

  private async record(method: Method, path: string, options: SendOptions | undefined, file: boolean) {
    this.calls.push({ method, path, idempotencyKey: options?.idempotencyKey, file });
    const matches = (planned: Planned) => planned.method === method && planned.path.test(path);
    const hold = this.holds.findIndex(matches);
    if (hold >= 0) await this.holds.splice(hold, 1)[0]!.released;
    const failure = this.failures.findIndex(matches);
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
  }

  private answer(method: Method, path: string): unknown {
    const url = new URL(path, 'http://console');
    if (method === 'GET' && url.pathname === '/api/scenario/') return this.list(url.searchParams);
    const runResult = RUN_RESULT.exec(url.pathname);
    if (method === 'GET' && runResult) return this.runResult(runResult[1]!);
    const session = SESSION.exec(url.pathname);
    if (!session || session[1] !== SESSION_ID) throw new Error(`The fake report server does not answer ${method} ${path}`);
    const [, , what, by, recipientId] = session;
    if (method === 'GET' && what === 'report-details') return this.details;
    if (method === 'GET' && what === 'recipients') return this.page(url.searchParams);
    if (method === 'GET' && by) return this.aggregate(by);
    if (method === 'GET' && recipientId) return this.dispatches(decodeURIComponent(recipientId));
    if (method === 'PATCH' && what === 'resend') return { task_id: SESSION_ID, session_id: SESSION_ID, status: 'sending' } satisfies SessionResentDto;
    throw new Error(`The fake report server does not answer ${method} ${path}`);
  }

  private list(params: URLSearchParams) {
    const search = params.get('search')?.toLowerCase() ?? '';
    const entries = this.entries
      .filter((entry) => entry.name.toLowerCase().includes(search))
      .map((entry) => (params.get('include_sessions') === 'true' ? entry : { ...entry, sessions: undefined }));
    return listPage(entries, params);
  }

  private runResult(id: string): RunResultDto {
    const listed = this.entries.flatMap((entry) => (entry.sessions ?? []).map((session) => ({ entry, session }))).find(({ session }) => session.id === id);
    if (!listed) throw new Error(`no session ${id}`);
    const { entry, session } = listed;
    return {
      task_id: id,
      session_id: id,
      scenario: entry.id,
      name: entry.name,
      status: session.status,
      scheduled_for: session.scheduled_for,
      started_at: session.started_at,
      completed_at: session.completed_at,
      recipients: session.recipients,
      deliveries: session.deliveries,
      progress: this.progress.get(id) ?? NO_PROGRESS,
    };
  }

  private matching(params: URLSearchParams): SessionRecipientDto[] {
    const contains = (value: string | null, name: string) => {
      const wanted = params.get(name)?.toLowerCase();
      return !wanted || (value ?? '').toLowerCase().includes(wanted);
    };
    const reply = params.get('reply');
    const from = params.get('reply_time_from');
    const to = params.get('reply_time_to');
    return this.people.filter(
      (person) =>
        (!params.get('state') || person.state === params.get('state')) &&
        (!reply || person.reply === reply || (reply === RESPONDED && person.reply_time !== null)) &&
        (!from || (person.reply_time !== null && Date.parse(person.reply_time) >= Date.parse(from))) &&
        (!to || (person.reply_time !== null && Date.parse(person.reply_time) < Date.parse(to))) &&
        contains(person.name, 'name') &&
        contains(person.email, 'email') &&
        contains(person.phone_number, 'phone'),
    );
  }

  private page(params: URLSearchParams): SessionRecipientPageDto {
    const matching = this.matching(params);
    const page = Number(params.get('page') ?? 1);
    const size = Number(params.get('page_size') ?? 10);
    const filtered = [...params.keys()].some((name) => name !== 'page' && name !== 'page_size');
    return {
      count: matching.length,
      next: page * size < matching.length ? page + 1 : null,
      previous: page > 1 ? page - 1 : null,
      results: matching.slice((page - 1) * size, page * size),
      ...(matching.length === 0 && filtered ? { message: NO_FILTER_RESULTS } : {}),
    };
  }

  private aggregate(by: string): SessionAggregateDto {
    const counts = new Map<string, number>();
    const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    if (by === 'state') this.people.forEach((person) => add(person.state));
    if (by === 'reply') {
      this.people.forEach((person) => add(person.reply));
      counts.set('Excluded Users', this.details.statistics.excluded_users);
    }
    if (by === 'reply_time') this.people.forEach((person) => person.reply_time && add(`${person.reply_time.slice(0, 16)}:00.000Z`));
    const buckets = [...counts].map(([key, count]) => ({ key, count, ...(by === 'reply_time' ? { from: key, to: new Date(Date.parse(key) + 60_000).toISOString() } : {}) }));
    if (by !== 'reply_time') buckets.sort((a, b) => b.count - a.count);
    else buckets.sort((a, b) => a.key.localeCompare(b.key));
    return { by: by as SessionAggregateDto['by'], total: buckets.reduce((sum, bucket) => sum + bucket.count, 0), buckets };
  }

  private dispatches(recipientId: string): SessionRecipientDispatchesDto {
    const person = this.people.find((candidate) => candidate.id === recipientId);
    if (!person) throw new Error(`no person ${recipientId}`);
    return { recipient: person, dispatches: dispatchesOf(person) };
  }
}
