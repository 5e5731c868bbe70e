import { NEW_CUSTOMER_GROUP_BRANDING, type CustomerGroupDto } from '@beacon/contracts';
import { jest } from '@jest/globals';
import type { ApiClient, Method } from '../../../api/api-client';
import { ApiError } from '../../../api/api-error';
import { stubApi } from '../../../testing/stub-api';

/** A customer group as GET /api/customer_group/ answers it. */
export function aGroup(id: string, name: string, parent: string | null, root = 'root'): CustomerGroupDto {
  return {
    id,
    name,
    parent,
    root_parent_id: root,
    settings: '{}',
    ...NEW_CUSTOMER_GROUP_BRANDING,
    should_use_autologout: false,
    no_noticeboard_numbers: true,
    root_customer_group_permissions: [],
  };
}

/** Demo Organisation with North Region (and Oslo under it) and South Region. */
export const DEMO_GROUPS: readonly CustomerGroupDto[] = [
  aGroup('root', 'Demo Organisation', null),
  aGroup('north', 'North Region', 'root'),
  aGroup('south', 'South Region', 'root'),
  aGroup('oslo', 'Oslo', 'north'),
];

export interface RecordedCall {
  method: Method;
  path: string;
  body: unknown;
}

const GROUP_PATH = /^\/api\/customer_group\/([^/]+)\/$/;

/**
 * The customer group calls as the server answers them, over an in-memory list: create, rename,
 * move and delete change the list (with the server's refusals), and each call is recorded. Any
 * other call fails the test.
 */
export class FakeCustomerGroupsServer {
  readonly calls: RecordedCall[] = [];
  private groups: CustomerGroupDto[];
  private readonly failures: { method: Method; error: ApiError }[] = [];
  private readonly users = new Map<string, number>();
  private created = 0;

  readonly send = jest.fn(async (method: Method, path: string, body?: unknown) => {
    this.calls.push({ method, path, body });
    const failure = this.failures.findIndex((planned) => planned.method === method);
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.error;
    return this.answer(method, path, body);
  });

  readonly api: ApiClient = stubApi({ send: this.send as ApiClient['send'] });

  constructor(groups: readonly CustomerGroupDto[] = DEMO_GROUPS) {
    this.groups = [...groups];
  }

  /** The next call with this method fails so. */
  failNext(method: Method, error: ApiError): this {
    this.failures.push({ method, error });
    return this;
  }

  withUsers(groupId: string, count: number): this {
    this.users.set(groupId, count);
    return this;
  }

  /** Another admin's change, straight to the list. */
  rename(id: string, name: string): void {
    this.groups = this.groups.map((group) => (group.id === id ? { ...group, name } : group));
  }

  writes(): RecordedCall[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  reads(): number {
    return this.calls.filter((call) => call.method === 'GET').length;
  }

  private answer(method: Method, path: string, body: unknown): unknown {
    if (method === 'GET' && path === '/api/customer_group/') return this.groups.map((group) => ({ ...group }));
    if (method === 'POST' && path === '/api/customer_group/') return this.create(body as { name: string; parent: string });
    const id = GROUP_PATH.exec(path)?.[1];
    const group = this.groups.find((candidate) => candidate.id === id);
    if (!group) throw new ApiError(404, { detail: 'Not found.' });
    if (method === 'PUT') return this.change(group, body as { id: string; name?: string; parent?: string });
    if (method === 'DELETE') return this.delete(group);
    throw new Error(`Unexpected call ${method} ${path}`);
  }

  private create({ name, parent }: { name: string; parent: string }): CustomerGroupDto {
    if (name.trim() === '') throw new ApiError(400, { detail: 'Invalid customer group details.', name: ['This field may not be blank.'] });
    this.created += 1;
    const group = aGroup(`new-${this.created}`, name.trim(), parent);
    this.groups.push(group);
    return group;
  }

  private change(group: CustomerGroupDto, { name, parent }: { name?: string; parent?: string }): unknown {
    if (parent !== undefined) {
      if (group.parent === null) throw refused('The root customer group cannot be moved.', 'parent');
      if (this.subtree(group.id).has(parent)) throw refused('A customer group cannot be moved under itself or one of its descendants.', 'parent');
      this.groups = this.groups.map((candidate) => (candidate.id === group.id ? { ...candidate, parent } : candidate));
      return { id: group.id, parent };
    }
    if (name !== undefined) {
      if (name.trim() === '') throw refused('This field may not be blank.', 'name', 'Invalid customer group details.');
      this.rename(group.id, name.trim());
    }
    return { id: group.id, name: name?.trim() };
  }

  private delete(group: CustomerGroupDto): undefined {
    if (group.parent === null) throw new ApiError(400, { detail: 'The root customer group cannot be deleted.' });
    const children = this.groups.filter((candidate) => candidate.parent === group.id).length;
    const users = this.users.get(group.id) ?? 0;
    const held = [children > 0 ? `${children} child group${children === 1 ? '' : 's'}` : null, users > 0 ? `${users} user${users === 1 ? '' : 's'}` : null].filter(Boolean);
    if (held.length > 0) {
      throw new ApiError(400, { detail: `This customer group still has ${held.join(' and ')}. Move or delete them before deleting the group.` });
    }
    this.groups = this.groups.filter((candidate) => candidate.id !== group.id);
    return undefined;
  }

  private subtree(id: string): Set<string> {
    const found = new Set([id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const group of this.groups) {
        if (group.parent !== null && found.has(group.parent) && !found.has(group.id)) {
          found.add(group.id);
          grew = true;
        }
      }
    }
    return found;
  }
}

function refused(message: string, field: string, detail = message): ApiError {
  return new ApiError(400, { detail, [field]: [message] });
}
