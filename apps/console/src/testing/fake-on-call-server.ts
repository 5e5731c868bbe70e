import type {
  AssignableUserDto,
  AssignedUserDto,
  OnCallDataFieldDto,
  OnCallPeriodDto,
  OnCallSettingsMapDto,
  OnCallWeekDto,
} from '@beacon/contracts';
import {
  ASSIGN_ENTIRE_DETAIL,
  END_NOT_AFTER_START,
  PERIOD_DETAIL,
  SETTINGS_DETAIL,
  STAFFING_MAX,
  instantOfWallClock,
  isoInZone,
  isoInstant,
  nextWeekStart,
  notAStaffableOption,
  notAnOnCallField,
  overlapsPeriod,
  startOfWeek,
  userOverlaps,
  wallClockAt,
} from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, DownloadedFile, Method } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { stubApi } from './stub-api';

/*
 * The on-call calls as the server answers them, over in-memory periods, users, settings and on-call
 * data fields: a user's weeks in their time zone, periods that never overlap (the domain's messages),
 * settings checked against the group's fields, assignments (entire: all or nothing; parts: the free
 * stretches), who is on call, the files. Staffing warnings are planned by the test (`warnNext`). Every
 * call is recorded; any other call goes to the fallback client (the users or dataset fake).
 */

export interface RecordedOnCallCall {
  method: Method;
  path: string;
  body: unknown;
}

export interface OnCallUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  customer_group: string;
  time_zone: string;
}

interface StoredPeriod {
  id: string;
  user: string;
  start: number;
  end: number;
}

interface StoredSettings {
  on_call_settings: OnCallSettingsMapDto;
  options_staffing: Map<string, number>;
}

const NOT_FOUND = () => new ApiError(404, { detail: 'Not found.' });
const ON_CALL_PATH = /^\/api\/(user_on_call|on_call_period|customer_group_on_call_settings|customer_group\/on_call_recipients|assign_users_on_call|export_on_call_periods|user\/export\/on_call_csv|customer_group_on_call_export|export_reports)\//;

/** An on-call data field as GET /api/customer_group_on_call_settings/{id}/ answers it. */
export function anOnCallField(
  id: string,
  label: string,
  field_type: OnCallDataFieldDto['field_type'],
  { options = [], reportsOnly = false, excluded = [] }: { options?: string[]; reportsOnly?: boolean; excluded?: string[] } = {},
): OnCallDataFieldDto {
  return {
    id,
    label,
    field_type,
    customer_group: reportsOnly ? 'child' : 'group-1',
    is_inherited: false,
    reports_only: reportsOnly,
    options: options.map((option, index) => ({ id: `${id}-${index}`, label: option, excluded: excluded.includes(option) })),
  };
}

export class FakeOnCallServer {
  readonly calls: RecordedOnCallCall[] = [];
  private readonly users = new Map<string, OnCallUser>();
  private readonly periods = new Map<string, StoredPeriod>();
  private readonly counters = new Map<string, number>();
  private readonly fields = new Map<string, OnCallDataFieldDto[]>();
  private readonly settings = new Map<string, StoredSettings>();
  private readonly warnings: string[][] = [];
  private readonly failures: { method: Method; path: RegExp; error: ApiError }[] = [];

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown): Promise<unknown> => {
    if (!ON_CALL_PATH.test(path)) return this.fallback.send(method, path, body);
    this.calls.push({ method, path, body });
    const failure = this.failures.findIndex((planned) => planned.method === method && planned.path.test(path));
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
    return structuredClone(this.answer(method, new URL(path, 'http://console'), body));
  });

  readonly fetchFile = jest.fn(async (method: Method, path: string, body?: unknown): Promise<DownloadedFile> => {
    if (!ON_CALL_PATH.test(path)) return this.fallback.fetchFile(method, path, body);
    this.calls.push({ method, path, body });
    const name = path.startsWith('/api/export_reports/') ? 'on-call-report.csv' : path.startsWith('/api/customer_group_on_call_export/') ? 'on-call-roster.csv' : 'on-call-periods.csv';
    return { blob: new Blob(['Start,End\n']), filename: name };
  });

  readonly api: ApiClient;

  /** `now`: the moment "this week" and "who is on call now" are about. */
  constructor(
    private readonly fallback: ApiClient,
    readonly now: number = Date.parse('2026-11-25T10:00:00Z'),
  ) {
    this.api = stubApi({ send: this.send as ApiClient['send'], fetchFile: this.fetchFile as ApiClient['fetchFile'] });
  }

  withUser(id: string, first: string, last: string, { group = 'group-1', timeZone = 'Europe/London' }: { group?: string; timeZone?: string } = {}): this {
    this.users.set(id, { id, first_name: first, last_name: last, email: `${first.toLowerCase()}.${last.toLowerCase()}@demo.test`, customer_group: group, time_zone: timeZone });
    return this;
  }

  /** A period of the user (ISO times); its id is the user's id and its number, as the server's are. */
  withPeriod(user: string, start: string, end: string): string {
    return this.record(user, Date.parse(start), Date.parse(end)).id;
  }

  withSettings(groupId: string, fields: OnCallDataFieldDto[], settings: Partial<OnCallSettingsMapDto> = {}, staffing: Record<string, number> = {}): this {
    this.fields.set(groupId, fields);
    this.settings.set(groupId, {
      on_call_settings: { display_fields: [], filter_fields: [], ...settings },
      options_staffing: new Map(Object.entries(staffing)),
    });
    return this;
  }

  /** The next roster change answers these staffing warnings. */
  warnNext(warnings: string[]): this {
    this.warnings.push(warnings);
    return this;
  }

  failNext(method: Method, error: ApiError, path: RegExp = /./): this {
    this.failures.push({ method, path, error });
    return this;
  }

  /** The user's periods as ISO pairs, earliest first. */
  periodsOf(user: string): [string, string][] {
    return [...this.periods.values()]
      .filter((period) => period.user === user)
      .sort((a, b) => a.start - b.start)
      .map((period) => [isoInstant(period.start), isoInstant(period.end)]);
  }

  settingsOf(groupId: string) {
    const stored = this.settings.get(groupId)!;
    return { on_call_settings: stored.on_call_settings, options_staffing: Object.fromEntries(stored.options_staffing) };
  }

  writes(): RecordedOnCallCall[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  reads(pattern: RegExp): RecordedOnCallCall[] {
    return this.calls.filter((call) => call.method === 'GET' && pattern.test(call.path));
  }

  private answer(method: Method, url: URL, body: unknown): unknown {
    const route = `${method} ${url.pathname}`;
    const params = url.searchParams;
    let match: RegExpExecArray | null;
    if ((match = /^GET \/api\/user_on_call\/([^/]+)\/$/.exec(route))) return this.weeks(this.user(match[1]!), params);
    if (route === 'POST /api/on_call_period/') {
      const { user, start_date, end_date } = body as { user: string; start_date: string; end_date: string };
      return this.change(this.user(user), null, start_date, end_date);
    }
    if ((match = /^(PUT|DELETE) \/api\/on_call_period\/([^/]+)\/$/.exec(route))) {
      const period = this.periods.get(match[2]!);
      if (!period) throw NOT_FOUND();
      if (method === 'DELETE') {
        this.periods.delete(period.id);
        return { warnings: this.warnings.shift() ?? [] };
      }
      const { start_date, end_date } = body as { start_date: string; end_date: string };
      return this.change(this.user(period.user), period.id, start_date, end_date);
    }
    if ((match = /^(GET|POST) \/api\/customer_group_on_call_settings\/([^/]+)\/$/.exec(route))) {
      const groupId = match[2]!;
      const stored = this.settings.get(groupId);
      if (!stored) throw NOT_FOUND();
      if (method === 'POST') return this.saveSettings(groupId, stored, body as Record<string, unknown>);
      return { customer_group: groupId, ...this.settingsOf(groupId), fields: this.fields.get(groupId) ?? [] };
    }
    if ((match = /^GET \/api\/customer_group\/on_call_recipients\/([^/]+)\/$/.exec(route))) return this.recipients(match[1]!, params);
    if ((match = /^GET \/api\/assign_users_on_call\/([^/]+)\/$/.exec(route))) return this.assignable(match[1]!, params);
    if ((match = /^POST \/api\/on_call_period\/assign\/(entire|parts)\/$/.exec(route))) return this.assign(match[1] as 'entire' | 'parts', body as { users: string[]; start_date: string; end_date: string });
    throw new Error(`Unexpected call ${method} ${url.pathname}${url.search}`);
  }

  private user(id: string): OnCallUser {
    const user = this.users.get(id);
    if (!user) throw NOT_FOUND();
    return user;
  }

  private ofUser(user: string): StoredPeriod[] {
    return [...this.periods.values()].filter((period) => period.user === user).sort((a, b) => a.start - b.start);
  }

  private record(user: string, start: number, end: number): StoredPeriod {
    const number = (this.counters.get(user) ?? 0) + 1;
    this.counters.set(user, number);
    const period = { id: `${user}.${number}`, user, start, end };
    this.periods.set(period.id, period);
    return period;
  }

  private dto(period: StoredPeriod): OnCallPeriodDto {
    return { on_call_period_id: period.id, start_date: isoInstant(period.start), end_date: isoInstant(period.end) };
  }

  private weeks(user: OnCallUser, params: URLSearchParams): OnCallWeekDto[] {
    const zone = user.time_zone;
    const from = params.get('from');
    const today = wallClockAt(this.now, zone);
    const [year, month, day] = from ? (from.split('-').map(Number) as [number, number, number]) : [today.year, today.month, today.day];
    let start = startOfWeek(instantOfWallClock({ year, month, day, hour: 12, minute: 0, second: 0 }, zone), zone);
    const weeks: OnCallWeekDto[] = [];
    for (let index = 0; index < Number(params.get('weeks') ?? 4); index += 1) {
      const end = nextWeekStart(start, zone);
      const periods = this.ofUser(user.id).filter((period) => period.start < end && period.end > start);
      weeks.push({ start_date: isoInZone(start, zone), end_date: isoInZone(end, zone), periods: periods.map((period) => this.dto(period)) });
      start = end;
    }
    return weeks;
  }

  private change(user: OnCallUser, periodId: string | null, startDate: string, endDate: string) {
    const [start, end] = [Date.parse(startDate), Date.parse(endDate)];
    if (end <= start) throw new ApiError(400, { detail: PERIOD_DETAIL, end_date: [END_NOT_AFTER_START] });
    const clash = this.ofUser(user.id).find((period) => period.id !== periodId && period.start < end && period.end > start);
    if (clash) {
      const message = overlapsPeriod(clash.start, clash.end, user.time_zone);
      throw new ApiError(400, { detail: message, non_field_errors: [message], clashing_period: this.dto(clash) });
    }
    const period = periodId === null ? this.record(user.id, start, end) : { ...this.periods.get(periodId)!, start, end };
    this.periods.set(period.id, period);
    return { ...this.dto(period), user: user.id, warnings: this.warnings.shift() ?? [] };
  }

  private usersOf(groupId: string, all: boolean): OnCallUser[] {
    return [...this.users.values()].filter((user) => all || user.customer_group === groupId).sort((a, b) => a.last_name.localeCompare(b.last_name));
  }

  private recipients(groupId: string, params: URLSearchParams) {
    const at = params.has('at') ? Date.parse(params.get('at')!) : this.now;
    const results = this.usersOf(groupId, params.get('all') === 'true').flatMap((user) => {
      const period = this.ofUser(user.id).find((entry) => entry.start <= at && entry.end > at);
      if (!period) return [];
      const { id, first_name, last_name, email, customer_group } = user;
      return [{ id, first_name, last_name, email, customer_group, on_call_period_id: period.id, start_date: isoInstant(period.start), end_date: isoInstant(period.end) }];
    });
    return { at: isoInstant(at), count: results.length, results };
  }

  private assignable(groupId: string, params: URLSearchParams) {
    const start = Date.parse(params.get('start_date')!);
    const end = Date.parse(params.get('end_date')!);
    const size = Number(params.get('items_per_page') ?? 50);
    const page = Number(params.get('page_number') ?? 1);
    const users = this.usersOf(groupId, params.get('all') === 'true');
    const results: AssignableUserDto[] = users.slice((page - 1) * size, page * size).map((user) => {
      const periods = this.ofUser(user.id).filter((period) => period.start < end && period.end > start);
      const { id, first_name, last_name, email, customer_group } = user;
      return { id, first_name, last_name, email, customer_group, is_on_call: periods.length > 0, periods: periods.map((period) => this.dto(period)) };
    });
    return { start_date: isoInstant(start), end_date: isoInstant(end), count: users.length, page_number: page, items_per_page: size, results };
  }

  private assign(mode: 'entire' | 'parts', { users, start_date, end_date }: { users: string[]; start_date: string; end_date: string }) {
    const [start, end] = [Date.parse(start_date), Date.parse(end_date)];
    if (end <= start) throw new ApiError(400, { detail: PERIOD_DETAIL, end_date: [END_NOT_AFTER_START] });
    const chosen = [...new Set(users)].map((id) => this.user(id));
    if (mode === 'entire') {
      const clashes = chosen.flatMap((user) => {
        const clash = this.ofUser(user.id).find((period) => period.start < end && period.end > start);
        return clash ? [userOverlaps(`${user.first_name} ${user.last_name} (${user.email})`, clash.start, clash.end, user.time_zone)] : [];
      });
      if (clashes.length > 0) throw new ApiError(400, { detail: ASSIGN_ENTIRE_DETAIL, users: clashes });
    }
    const results: AssignedUserDto[] = chosen.map((user) => {
      const free: [number, number][] = [];
      let from = start;
      for (const period of this.ofUser(user.id).filter((entry) => entry.start < end && entry.end > start)) {
        if (period.start > from) free.push([from, period.start]);
        from = Math.max(from, period.end);
      }
      if (from < end) free.push([from, end]);
      return { user: user.id, periods: free.map(([a, b]) => this.dto(this.record(user.id, a, b))) };
    });
    return { results, warnings: this.warnings.shift() ?? [] };
  }

  private saveSettings(groupId: string, stored: StoredSettings, body: Record<string, unknown>) {
    const fields = this.fields.get(groupId) ?? [];
    const known = new Set(fields.map((field) => field.id));
    const staffable = new Set(
      fields
        .filter((field) => !field.reports_only && (field.field_type === 'SINGLESELECT' || field.field_type === 'MULTISELECT'))
        .flatMap((field) => field.options.filter((option) => !option.excluded).map((option) => option.id)),
    );
    const change = (body['on_call_settings'] ?? {}) as Partial<OnCallSettingsMapDto>;
    const settingsProblems = (['display_fields', 'filter_fields'] as const).flatMap((key) =>
      (change[key] ?? []).filter((id) => !known.has(id)).map((id) => notAnOnCallField(key, id)),
    );
    const staffing = body['options_staffing'] as Record<string, number> | undefined;
    const staffingProblems = Object.entries(staffing ?? {}).flatMap(([option, value]) =>
      !staffable.has(option)
        ? [notAStaffableOption(option)]
        : !Number.isInteger(value) || value < 0 || value > STAFFING_MAX
          ? [`${option}: A staffing minimum is a whole number from 0 to ${STAFFING_MAX}.`]
          : [],
    );
    if (settingsProblems.length > 0 || staffingProblems.length > 0) {
      throw new ApiError(400, {
        detail: SETTINGS_DETAIL,
        ...(settingsProblems.length > 0 ? { on_call_settings: settingsProblems } : {}),
        ...(staffingProblems.length > 0 ? { options_staffing: staffingProblems } : {}),
      });
    }
    stored.on_call_settings = { ...stored.on_call_settings, ...change };
    if (staffing) stored.options_staffing = new Map(Object.entries(staffing));
    return { customer_group: groupId, ...this.settingsOf(groupId) };
  }
}
