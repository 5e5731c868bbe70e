import {
  READ_MODELS,
  ROUTES,
  type ChangeCustomerGroupRequestSchema,
  type ChangeCustomerGroupResponse,
  type CreateCustomerGroupRequestSchema,
  type CustomerGroupDto,
  type RouteDefinition,
} from '@beacon/contracts';
import type { z } from 'zod';
import type { ApiClient } from '../../api/api-client';

/** POST /api/customer_group/ as the contract's schema accepts it. */
export type CreateCustomerGroupRequest = z.input<typeof CreateCustomerGroupRequestSchema>;

/** PUT /api/customer_group/{id}/ with a new name, as the contract's schema accepts it. */
export type RenameCustomerGroupRequest = Required<Pick<z.input<typeof ChangeCustomerGroupRequestSchema>, 'id' | 'name'>>;

/** PUT /api/customer_group/{id}/ with a new parent: the group moves with its subtree. */
export type MoveCustomerGroupRequest = Required<Pick<z.input<typeof ChangeCustomerGroupRequestSchema>, 'id' | 'parent'>>;

/**
 * The live-update resource of customer groups: the query API's projection sends one for each group
 * created, changed, moved or deleted, under its read model's name.
 */
export const CUSTOMER_GROUPS_LIVE_RESOURCE = READ_MODELS.customerGroups;

/** The calls the datasets screen makes (spec part 2 §7, customer groups). */
export interface DatasetsApi {
  /** The groups in the caller's reach: their own group and its descendants, parents first. */
  customerGroups(): Promise<CustomerGroupDto[]>;
  createCustomerGroup(request: CreateCustomerGroupRequest): Promise<CustomerGroupDto>;
  renameCustomerGroup(request: RenameCustomerGroupRequest): Promise<ChangeCustomerGroupResponse>;
  moveCustomerGroup(request: MoveCustomerGroupRequest): Promise<ChangeCustomerGroupResponse>;
  deleteCustomerGroup(id: string): Promise<void>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

/** The datasets calls over the API client's generic `send`. */
export function datasetsApi(api: ApiClient): DatasetsApi {
  return {
    customerGroups: () => api.send(ROUTES.customerGroups.method, ROUTES.customerGroups.path),
    createCustomerGroup: (request) => api.send(ROUTES.createCustomerGroup.method, ROUTES.createCustomerGroup.path, request),
    renameCustomerGroup: (request) => api.send(ROUTES.changeCustomerGroup.method, withId(ROUTES.changeCustomerGroup, request.id), request),
    moveCustomerGroup: (request) => api.send(ROUTES.changeCustomerGroup.method, withId(ROUTES.changeCustomerGroup, request.id), request),
    deleteCustomerGroup: async (id) => {
      await api.send(ROUTES.deleteCustomerGroup.method, withId(ROUTES.deleteCustomerGroup, id));
    },
  };
}
