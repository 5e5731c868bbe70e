import {
  NEW_CUSTOMER_GROUP_BRANDING,
  type CustomerGroupDto,
  type CustomerGroupFieldDto,
  type CustomerPermission,
  type EmailSuppressionDto,
  type UserDto,
  type UserListItemDto,
  type UserListPageDto,
} from '@beacon/contracts';
import { collectFieldValues, fieldDevices, NO_MATCHING_RESULTS_MESSAGE, type ApplicableField, type ContactFieldType } from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, DownloadedFile, Method } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { stubApi } from './stub-api';

/*
 * The users calls as the server answers them, over in-memory users, groups and contact fields: the
 * list with its filters, order and pages; a user with custom_fields; create, change (contact-field
 * values checked and normalised by the domain's rules, as the server does) and delete; the account
 * actions; every call recorded. Any other call fails the test.
 */

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
}

/** A customer group as GET /api/customer_group/ answers it. */
export function aUsersGroup(id: string, name: string, parent: string | null, settings: object = {}): CustomerGroupDto {
  return {
    id,
    name,
    parent,
    root_parent_id: 'group-1',
    settings: JSON.stringify(settings),
    ...NEW_CUSTOMER_GROUP_BRANDING,
    should_use_autologout: false,
    no_noticeboard_numbers: true,
    root_customer_group_permissions: [],
  };
}

/** The session's group (group-1, the root) with North Region and South Region below it; North locks senders. */
export const USERS_GROUPS: readonly CustomerGroupDto[] = [
  aUsersGroup('group-1', 'Demo Organisation', null, { country_code: { country: 'United Kingdom', dial_code: '+44', country_code: 'GB' } }),
  aUsersGroup('north', 'North Region', 'group-1', { locked_users: { admin: false, operator: false, data: false, sender: true } }),
  aUsersGroup('south', 'South Region', 'group-1'),
];

/** A contact field defined in a group, as GET /api/customer_group/{id}/fields/ answers it. */
export function aContactField(id: string, label: string, field_type: ContactFieldType, options: string[] = [], customer_group = 'group-1'): CustomerGroupFieldDto {
  return {
    id,
    label,
    field_type,
    customer_group,
    excluded_options_by_group: {},
    is_inherited: false,
    options: options.map((option, index) => ({ id: `${id}-${index}`, field: id, label: option, excluded: false })),
    all_options_disabled: false,
    devices: fieldDevices({ id, label, field_type }),
  };
}

/** The demo tenant's fields: a mobile (SMS and voice), a work email, a department and skills. */
export const USERS_FIELDS: readonly CustomerGroupFieldDto[] = [
  aContactField('mobile', 'Mobile', 'PHONE(SMS&VOICE)'),
  aContactField('work-email', 'Work email', 'EMAIL'),
  aContactField('department', 'Department', 'SINGLESELECT', ['Operations', 'Security']),
  aContactField('skills', 'Skills', 'MULTISELECT', ['First aid', 'Driver']),
];

interface StoredUser {
  dto: Omit<UserDto, 'custom_fields'>;
  values: Record<string, string[]>;
}

export function aListedUser(id: string, first: string, last: string, overrides: Partial<UserDto> = {}): Omit<UserDto, 'custom_fields'> {
  return {
    id,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@demo.test`,
    first_name: first,
    last_name: last,
    customer_permission: 'CONTACT',
    customer_group: 'group-1',
    is_temporary: false,
    preferred_timezone: 'Europe/London',
    failed_attempts: 0,
    is_locked: false,
    locked_until: null,
    password_reset_attempts: 0,
    two_factor_enabled: false,
    last_activity: null,
    is_active: true,
    is_message_recipient: true,
    ...overrides,
  };
}

const NOT_FOUND = () => new ApiError(404, { detail: 'Not found.' });

export class FakeUsersServer {
  readonly calls: RecordedCall[] = [];
  private readonly users = new Map<string, StoredUser>();
  private readonly failures: { method: Method; path: RegExp; error: ApiError }[] = [];
  private readonly suppressed = new Set<string>();
  private created = 0;

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown) => {
    this.calls.push({ method, path, body });
    const failure = this.failures.findIndex((planned) => planned.method === method && planned.path.test(path));
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
    return this.answer(method, path, body);
  });

  readonly fetchFile = jest.fn(async (method: Method, path: string): Promise<DownloadedFile> => {
    this.calls.push({ method, path, body: undefined });
    const format = new URL(path, 'http://console').searchParams.get('format') ?? 'csv';
    return { blob: new Blob(['first_name,last_name\n']), filename: `users.${format}` };
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'], fetchFile: this.fetchFile as ApiClient['fetchFile'] });

  constructor(
    readonly groups: readonly CustomerGroupDto[] = USERS_GROUPS,
    readonly fields: readonly CustomerGroupFieldDto[] = USERS_FIELDS,
  ) {}

  withUser(user: Omit<UserDto, 'custom_fields'>, values: Record<string, string[]> = {}): this {
    this.users.set(user.id, { dto: { ...user }, values: { ...values } });
    return this;
  }

  /** The next matching call fails so. */
  failNext(method: Method, error: ApiError, path: RegExp = /./): this {
    this.failures.push({ method, path, error });
    return this;
  }

  suppress(email: string): this {
    this.suppressed.add(email);
    return this;
  }

  /** Another admin's change, straight to the stored user. */
  change(id: string, patch: Partial<UserDto>, values: Record<string, string[]> = {}): void {
    const user = this.users.get(id)!;
    this.users.set(id, { dto: { ...user.dto, ...patch }, values: { ...user.values, ...values } });
  }

  remove(id: string): void {
    this.users.delete(id);
  }

  stored(id: string): UserDto | undefined {
    const user = this.users.get(id);
    return user && this.withCustomFields(user);
  }

  writes(): RecordedCall[] {
    return this.calls.filter((call) => call.method !== 'GET' || call.path.startsWith('/api/reissue_welcome_email/'));
  }

  reads(pattern: RegExp): RecordedCall[] {
    return this.calls.filter((call) => call.method === 'GET' && pattern.test(call.path));
  }

  private answer(method: Method, path: string, body: unknown): unknown {
    const url = new URL(path, 'http://console');
    const route = `${method} ${url.pathname}`;
    let match: RegExpExecArray | null;
    if (route === 'GET /api/customer_group/') return this.groups.map((group) => ({ ...group }));
    if ((match = /^GET \/api\/customer_group\/([^/]+)\/fields\/$/.exec(route))) return this.fieldsOf(match[1]!, url.searchParams.get('include_child_fields') === 'true');
    if ((match = /^GET \/api\/customer_group\/([^/]+)\/users\/$/.exec(route))) return this.list(match[1]!, url.searchParams);
    if (route === 'POST /api/user/') return this.create(body as Record<string, unknown>);
    if ((match = /^(GET|PUT|DELETE) \/api\/user\/([^/]+)\/$/.exec(route))) {
      const user = this.users.get(match[2]!);
      if (!user) throw NOT_FOUND();
      if (method === 'GET') return this.withCustomFields(user);
      if (method === 'PUT') return this.update(user, body as Record<string, unknown>);
      this.users.delete(user.dto.id);
      return undefined;
    }
    if ((match = /^DELETE \/api\/user\/([^/]+)\/delete_failed_login_attempts\/$/.exec(route))) {
      this.change(match[1]!, { failed_attempts: 0, is_locked: false, locked_until: null });
      return undefined;
    }
    if ((match = /^DELETE \/api\/user\/([^/]+)\/delete_password_reset_attempts\/$/.exec(route))) {
      this.change(match[1]!, { password_reset_attempts: 0 });
      return undefined;
    }
    if ((match = /^GET \/api\/reissue_welcome_email\/([^/]+)\/$/.exec(route))) return { detail: 'Sent.', expires_at: '2026-12-03T10:00:00.000Z' };
    if ((match = /^(GET|DELETE) \/api\/mailgun_suppression\/([^/]+)\/$/.exec(route))) {
      const user = this.users.get(match[2]!);
      if (!user) throw NOT_FOUND();
      if (method === 'DELETE') {
        this.suppressed.delete(user.dto.email);
        return undefined;
      }
      return this.suppressionOf(user.dto.email);
    }
    throw new Error(`Unexpected call ${method} ${path}`);
  }

  private suppressionOf(email: string): EmailSuppressionDto {
    return this.suppressed.has(email)
      ? { email, suppressed: true, reason: 'bounce', detail: '550 No such user', source: 'smtp', suppressed_at: '2026-11-20T09:00:00.000Z' }
      : { email, suppressed: false, reason: null, detail: null, source: null, suppressed_at: null };
  }

  private pathOf(groupId: string): string[] {
    const path: string[] = [];
    for (let group = this.groups.find((candidate) => candidate.id === groupId); group; group = this.groups.find((candidate) => candidate.id === group!.parent)) {
      path.unshift(group.id);
    }
    return path;
  }

  private below(groupId: string): string[] {
    return this.groups.filter((group) => this.pathOf(group.id).includes(groupId)).map((group) => group.id);
  }

  private fieldsOf(groupId: string, withChildFields: boolean): CustomerGroupFieldDto[] {
    const groups = new Set([...this.pathOf(groupId), ...(withChildFields ? this.below(groupId) : [])]);
    return this.fields.filter((field) => groups.has(field.customer_group));
  }

  private withCustomFields({ dto, values }: StoredUser): UserDto {
    const custom_fields = this.fieldsOf(dto.customer_group, false).map((field) => {
      const held = values[field.id] ?? [];
      const labels = field.options.filter((option) => held.includes(option.id)).map((option) => option.label);
      const options = field.options.map(({ id, label }) => ({ id, label }));
      const select = field.field_type === 'SINGLESELECT' || field.field_type === 'MULTISELECT';
      return {
        field: field.id,
        field_type: field.field_type,
        field_value_label: field.label,
        user: dto.id,
        values: [...held],
        option_label: select && labels.length > 0 ? labels.join(', ') : null,
        ...(select ? { options } : {}),
      };
    });
    return { ...dto, custom_fields };
  }

  private list(groupId: string, params: URLSearchParams): UserListPageDto {
    if (!this.groups.some((group) => group.id === groupId)) throw NOT_FOUND();
    const groups = new Set(params.get('all') === 'true' ? this.below(groupId) : [groupId]);
    const search = params.get('search_by_address_string')?.trim().toLowerCase() ?? '';
    const field = params.get('field') ?? '';
    const value = params.get('value') ?? '';
    const missing = params.get('search_by_missing_value') ?? '';
    const matches = (user: StoredUser) => {
      const { dto, values } = user;
      if (!groups.has(dto.customer_group)) return false;
      if (search && !`${dto.first_name} ${dto.last_name} <${dto.email}>`.toLowerCase().includes(search)) return false;
      if (field === 'customer_permission' && dto.customer_permission !== value.toUpperCase()) return false;
      if ((field === 'is_active' || field === 'is_message_recipient') && String(dto[field]) !== value) return false;
      if (field && !['customer_permission', 'is_active', 'is_message_recipient'].includes(field) && !(values[field] ?? []).includes(value)) return false;
      if (missing === 'last_activity' && dto.last_activity !== null) return false;
      if (missing && missing !== 'last_activity' && (values[missing] ?? []).length > 0) return false;
      return true;
    };
    const sortBy = (params.get('sort_by') || 'last_name') as keyof StoredUser['dto'];
    const direction = params.get('descending') === 'true' ? -1 : 1;
    const found = [...this.users.values()]
      .filter(matches)
      .map((user) => user.dto)
      .sort((a, b) => direction * String(a[sortBy] ?? '').localeCompare(String(b[sortBy] ?? '')) || a.last_name.localeCompare(b.last_name));
    const pageSize = Number(params.get('items_per_page') ?? 10);
    const page = Number(params.get('page_number') ?? 1);
    const data: UserListItemDto[] = found
      .slice((page - 1) * pageSize, page * pageSize)
      .map((dto) => ({ ...dto, address_string: `${dto.first_name} ${dto.last_name} <${dto.email}>` }));
    const answer = { data, count: found.length, number_of_pages: Math.max(1, Math.ceil(found.length / pageSize)), page_number: page, items_per_page: pageSize };
    return found.length === 0 ? { ...answer, detail: NO_MATCHING_RESULTS_MESSAGE } : answer;
  }

  /** custom_fields checked and normalised by the domain's rules, every problem under custom_fields (400). */
  private checkedValues(groupId: string, inputs: { field: string; values: string[] }[]): Record<string, string[]> {
    const fields = new Map<string, ApplicableField>(
      this.fieldsOf(groupId, false).map((field) => [
        field.id,
        { fieldId: field.id, label: field.label, fieldType: field.field_type, offeredOptionIds: new Set(field.options.map((option) => option.id)) },
      ]),
    );
    const group = this.groups.find((candidate) => candidate.id === this.pathOf(groupId)[0]);
    const dialCode = (JSON.parse(group?.settings ?? '{}') as { country_code?: { dial_code: string } }).country_code?.dial_code ?? '+44';
    const { values, problems } = collectFieldValues(
      inputs.map((input) => ({ fieldId: input.field, values: input.values })),
      { fields, dialCode },
    );
    if (problems.length > 0) throw new ApiError(400, { detail: problems[0], custom_fields: problems });
    return Object.fromEntries(values.map((entry) => [entry.fieldId, [...entry.values]]));
  }

  private create(body: Record<string, unknown>): UserDto {
    const email = String(body['email'] ?? '').toLowerCase();
    if ([...this.users.values()].some((user) => user.dto.email === email)) {
      throw new ApiError(409, { detail: 'A user with this email already exists.', email: ['A user with this email already exists.'] });
    }
    const groupId = String(body['customer_group']);
    const values = this.checkedValues(groupId, (body['custom_fields'] as { field: string; values: string[] }[] | undefined) ?? []);
    this.created += 1;
    const dto = aListedUser(`new-${this.created}`, String(body['first_name']), String(body['last_name']), {
      email,
      customer_group: groupId,
      customer_permission: body['customer_permission'] as CustomerPermission,
      preferred_timezone: String(body['preferred_timezone']),
      is_active: body['is_active'] !== false,
      is_message_recipient: body['is_message_recipient'] !== false,
    });
    this.users.set(dto.id, { dto, values });
    return { ...dto };
  }

  private update(user: StoredUser, body: Record<string, unknown>): UserDto {
    const { custom_fields: inputs, ...attributes } = body as { custom_fields?: { field: string; values: string[] }[] } & Partial<UserDto>;
    const groupId = attributes.customer_group ?? user.dto.customer_group;
    const values = inputs ? this.checkedValues(groupId, inputs) : {};
    const stored = { dto: { ...user.dto, ...attributes }, values: { ...user.values, ...values } };
    this.users.set(user.dto.id, stored);
    return { ...stored.dto };
  }
}
