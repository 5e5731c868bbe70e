import {
  READ_MODELS,
  ROUTES,
  type CreateUserRequestSchema,
  type CustomerGroupDto,
  type CustomerGroupFieldDto,
  type RouteDefinition,
  type UserDto,
  type UserExportFormat,
  type UserListPageDto,
} from '@beacon/contracts';
import type { z } from 'zod';
import type { ApiClient, DownloadedFile } from '../../api/api-client';
import { queryString, type UserListRequest } from './users-query';

/** POST /api/user/ as the contract's schema accepts it. */
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

/** The users projection tells open screens of each user created, changed or deleted, by id. */
export const USERS_LIVE_RESOURCE = READ_MODELS.users;

/** The calls of Manage Users (spec part 2 §7, users; customer groups; fields). */
export interface UsersApi {
  /** The groups in the caller's reach: their own and its descendants, parents first. */
  customerGroups(): Promise<CustomerGroupDto[]>;
  /** The contact fields that apply to a group, and with `withChildFields` those of the groups below it (admins and operators only). */
  contactFields(groupId: string, withChildFields: boolean): Promise<CustomerGroupFieldDto[]>;
  users(groupId: string, request: UserListRequest): Promise<UserListPageDto>;
  /** Every user the filters match, in their order, as a file. */
  exportUsers(groupId: string, request: UserListRequest, format: UserExportFormat): Promise<DownloadedFile>;
  createUser(request: CreateUserRequest): Promise<UserDto>;
  deleteUser(id: string): Promise<void>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

export function usersApi(api: ApiClient): UsersApi {
  return {
    customerGroups: () => api.send(ROUTES.customerGroups.method, ROUTES.customerGroups.path),
    contactFields: (groupId, withChildFields) =>
      api.send(ROUTES.customerGroupFields.method, `${withId(ROUTES.customerGroupFields, groupId)}${withChildFields ? '?include_child_fields=true' : ''}`),
    users: (groupId, request) => api.send(ROUTES.customerGroupUsers.method, `${withId(ROUTES.customerGroupUsers, groupId)}${queryString(request)}`),
    exportUsers: (groupId, request, format) =>
      api.fetchFile(ROUTES.listUsersExport.method, `${withId(ROUTES.listUsersExport, groupId)}${queryString({ ...request, format })}`),
    createUser: (request) => api.send(ROUTES.createUser.method, ROUTES.createUser.path, request),
    deleteUser: async (id) => {
      await api.send(ROUTES.deleteUser.method, withId(ROUTES.deleteUser, id));
    },
  };
}
