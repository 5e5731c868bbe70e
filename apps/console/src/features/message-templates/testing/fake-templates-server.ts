import type { ScenarioDto, ScenarioListEntryDto, ScenarioPageDto } from '@beacon/contracts';
import { MESSAGE_ID_DUPLICATE, NAME_DUPLICATE, type ScenarioDraft } from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, Method } from '../../../api/api-client';
import { ApiError } from '../../../api/api-error';
import { listEntryOf, listPage, matchingMessages } from '../../../testing/fake-message-list';
import { aDevice, aKeptMessage, SITE_EVACUATION } from '../../../testing/kept-messages';
import { stubApi } from '../../../testing/stub-api';

/*
 * The message (scenario) calls Message Templates makes, as the server answers them, over in-memory
 * messages: the list with its Real / Test tab, search and pages (or page_size=all), one message,
 * create (a real message's name unique in its group, a message ID unique) and delete; every call
 * recorded. Any other call fails the test.
 */

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
}

/** A kept message as GET /api/scenario/{id}/ answers it. */
export const aTemplate = aKeptMessage;

/** The demo organisation's three templates (apps/command-api/src/seed/demo-templates.ts), newest change first. */
export const DEMO_TEMPLATES: readonly ScenarioDto[] = [
  aTemplate('site-evacuation', SITE_EVACUATION, '2026-03-05T09:30:00.000Z'),
  aTemplate(
    'fire-drill',
    { scenario_name: 'Fire drill (test)', is_real: false, devices: [aDevice('mobile', 'SMS', 1)], message: { sms: 'Fire drill at 10:00.', email: '', voice: '' } },
    '2026-03-04T14:05:00.000Z',
  ),
  aTemplate(
    'it-outage',
    {
      scenario_name: 'IT outage: are you affected?',
      scenario_type: 'sequence',
      is_real: true,
      devices: [aDevice('mobile', 'SMS', 1), aDevice('work-email', 'EMAIL', 2)],
      use_microsoft_teams: true,
      email_subject_line: 'IT outage',
      message: { sms: 'IT outage.', email: 'IT outage.', voice: '' },
    },
    '2026-03-01T08:00:00.000Z',
    'north',
  ),
];

const NOT_FOUND = () => new ApiError(404, { detail: 'Not found.' });
const ONE = /^\/api\/scenario\/([^/?]+)\/$/;

export class FakeTemplatesServer {
  readonly calls: RecordedCall[] = [];
  private templates: ScenarioDto[];
  private readonly failures: { method: Method; path: RegExp; error: ApiError }[] = [];
  private created = 0;
  /** Each write is a minute after the last, so the newest change comes first. */
  private clock = Date.parse('2026-03-06T10:00:00.000Z');

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown) => {
    this.calls.push({ method, path, body });
    const failure = this.failures.findIndex((planned) => planned.method === method && planned.path.test(path));
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
    return this.answer(method, path, body);
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'] });

  constructor(templates: readonly ScenarioDto[] = DEMO_TEMPLATES) {
    this.templates = [...templates];
  }

  /** The next call with this method (and a path the pattern matches) fails so. */
  failNext(method: Method, error: ApiError, path: RegExp = /./): this {
    this.failures.push({ method, path, error });
    return this;
  }

  /** Another user's change, straight to the store. */
  change(id: string, changes: Partial<ScenarioDraft>): void {
    this.templates = this.templates.map((template) => (template.id === id ? ({ ...template, ...changes, updated_at: this.tick() } as ScenarioDto) : template));
  }

  /** Another user's new message. */
  add(template: ScenarioDto): this {
    this.templates.push(template);
    return this;
  }

  names(): string[] {
    return this.sorted().map((template) => template.scenario_name);
  }

  stored(id: string): ScenarioDto | undefined {
    return this.templates.find((template) => template.id === id);
  }

  writes(): RecordedCall[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  reads(pattern: RegExp): RecordedCall[] {
    return this.calls.filter((call) => call.method === 'GET' && pattern.test(call.path));
  }

  private tick(): string {
    this.clock += 60_000;
    return new Date(this.clock).toISOString();
  }

  private sorted(): ScenarioDto[] {
    return [...this.templates].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  }

  private answer(method: Method, path: string, body: unknown): unknown {
    const url = new URL(path, 'http://console');
    const one = ONE.exec(url.pathname);
    if (method === 'GET' && url.pathname === '/api/scenario/') return this.list(url.searchParams);
    if (method === 'POST' && url.pathname === '/api/scenario/') return this.create(body as Partial<ScenarioDto>);
    if (method === 'GET' && one) {
      const template = this.stored(decodeURIComponent(one[1]!));
      if (!template) throw NOT_FOUND();
      return template;
    }
    if (method === 'DELETE' && one) {
      const id = decodeURIComponent(one[1]!);
      if (!this.stored(id)) throw NOT_FOUND();
      this.templates = this.templates.filter((template) => template.id !== id);
      return undefined;
    }
    throw new Error(`The fake templates server does not answer ${method} ${path}`);
  }

  private list(params: URLSearchParams): ScenarioListEntryDto[] | ScenarioPageDto {
    const matching = matchingMessages(this.templates, params).map(listEntryOf);
    return params.get('page_size') === 'all' ? matching : listPage(matching, params);
  }

  private create(body: Partial<ScenarioDto>): ScenarioDto {
    const group = body.customer_group ?? 'group-1';
    const name = (body.scenario_name ?? '').trim().toLowerCase();
    const inGroup = this.templates.filter((template) => template.customer_group === group);
    if (body.is_real && inGroup.some((template) => template.is_real && template.scenario_name.trim().toLowerCase() === name)) {
      throw new ApiError(400, { name: [NAME_DUPLICATE] });
    }
    if (body.scenario_message_id && this.templates.some((template) => template.scenario_message_id === body.scenario_message_id)) {
      throw new ApiError(400, { message_id: [MESSAGE_ID_DUPLICATE] });
    }
    this.created += 1;
    const { customer_group: _group, ...draft } = body;
    const template = aTemplate(`copy-${this.created}`, draft as Partial<ScenarioDraft>, this.tick(), group);
    this.templates.push(template);
    return template;
  }
}
