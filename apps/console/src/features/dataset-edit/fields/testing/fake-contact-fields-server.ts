import type { CustomerGroupFieldDto } from '@beacon/contracts';
import { fieldDevices, type ContactFieldType } from '@beacon/domain';
import { jest } from '@jest/globals';
import type { ApiClient, Method } from '../../../../api/api-client';
import { ApiError } from '../../../../api/api-error';
import { stubApi } from '../../../../testing/stub-api';

interface StoredField {
  id: string;
  label: string;
  field_type: ContactFieldType;
  customer_group: string;
  options: { id: string; label: string }[];
  excluded: Record<string, string[]>;
}

/**
 * The fields calls over an in-memory tenant of two groups, "root" and its child "north": enough of the
 * server's rules (inheritance, exclusions that hold for the group asked) for the fields editor's tests.
 */
export class FakeContactFieldsServer {
  private readonly parents = new Map<string, string | null>([
    ['root', null],
    ['north', 'root'],
  ]);
  private readonly fields: StoredField[] = [];
  private next = 1;
  private readonly failures: ApiError[] = [];

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown) => {
    const failure = method !== 'GET' ? this.failures.shift() : undefined;
    if (failure) throw failure;
    return structuredClone(this.answer(method, path, (body ?? {}) as Record<string, unknown>));
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'] });

  withField(customerGroup: string, label: string, fieldType: ContactFieldType, options: string[] = []): string {
    const id = `field-${this.next++}`;
    this.fields.push({ id, label, field_type: fieldType, customer_group: customerGroup, options: options.map((option, n) => ({ id: `${id}.${n + 1}`, label: option })), excluded: {} });
    return id;
  }

  /** The next change is refused with this error. */
  failNextWith(error: ApiError): void {
    this.failures.push(error);
  }

  writes() {
    return this.send.mock.calls.filter(([method]) => method !== 'GET').map(([method, path, body]) => [method, path, body]);
  }

  private path(groupId: string): string[] {
    const up: string[] = [];
    for (let id: string | null = groupId; id !== null; id = this.parents.get(id) ?? null) up.unshift(id);
    return up;
  }

  private listFor(groupId: string): CustomerGroupFieldDto[] {
    const path = this.path(groupId);
    return this.fields
      .filter((field) => path.includes(field.customer_group))
      .map((field) => {
        const excluded = new Set(path.flatMap((group) => field.excluded[group] ?? []));
        const options = field.options.map((option) => ({ id: option.id, field: field.id, label: option.label, excluded: excluded.has(option.id) }));
        return {
          id: field.id,
          label: field.label,
          field_type: field.field_type,
          customer_group: field.customer_group,
          excluded_options_by_group: structuredClone(field.excluded),
          is_inherited: field.customer_group !== groupId,
          options,
          all_options_disabled: options.length > 0 && options.every((option) => option.excluded),
          devices: fieldDevices(field),
        };
      });
  }

  private field(id: string): StoredField {
    const field = this.fields.find((entry) => entry.id === id);
    if (!field) throw new ApiError(404, { detail: 'Not found.' });
    return field;
  }

  private answer(method: Method, path: string, body: Record<string, unknown>): unknown {
    const match = (pattern: RegExp) => pattern.exec(path)?.slice(1).map(decodeURIComponent);
    let params: string[] | undefined;
    if (method === 'GET' && (params = match(/^\/api\/customer_group\/([^/]+)\/fields\/$/))) return this.listFor(params[0]!);
    if (method === 'POST' && path === '/api/field/') {
      const id = this.withField(String(body.customer_group), String(body.label), body.field_type as ContactFieldType, (body.options as string[] | null) ?? []);
      return { id };
    }
    if (method === 'PUT' && (params = match(/^\/api\/field\/([^/]+)\/excluded_options_by_group\/$/))) {
      this.field(params[0]!).excluded = structuredClone(body.excluded_options_by_group as Record<string, string[]>);
      return {};
    }
    if (method === 'PUT' && (params = match(/^\/api\/field\/([^/]+)\/$/))) {
      this.field(params[0]!).label = String(body.label);
      return {};
    }
    if (method === 'DELETE' && (params = match(/^\/api\/field\/([^/]+)\/$/))) {
      this.fields.splice(this.fields.indexOf(this.field(params[0]!)), 1);
      return undefined;
    }
    if (method === 'POST' && path === '/api/option/') {
      const field = this.field(String(body.field));
      field.options.push({ id: `${field.id}.${field.options.length + 1}`, label: String(body.label) });
      return {};
    }
    if (method === 'DELETE' && (params = match(/^\/api\/customer_group\/([^/]+)\/option\/([^/]+)\/$/))) {
      const optionId = params[1]!;
      for (const field of this.fields) field.options = field.options.filter((option) => option.id !== optionId);
      return undefined;
    }
    throw new Error(`FakeContactFieldsServer: no ${method} ${path}`);
  }
}
