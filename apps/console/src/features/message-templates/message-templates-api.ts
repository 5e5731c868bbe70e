import {
  READ_MODELS,
  ROUTES,
  type CreateScenarioRequestSchema,
  type RouteDefinition,
  type ScenarioDto,
  type ScenarioListEntryDto,
  type ScenarioPageDto,
} from '@beacon/contracts';
import type { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import { queryString } from '../../api/query-string';
import type { MessageListRequest } from '../../message-list/message-list-query';

/** POST /api/scenario/ as the contract's schema accepts it. */
export type CreateTemplateRequest = z.input<typeof CreateScenarioRequestSchema>;

/** The scenarios read model tells open screens of every message created, changed or deleted in their group. */
export const TEMPLATES_LIVE_RESOURCE = READ_MODELS.scenarios;

/** The calls of Message Templates (spec part 2 §7, "Scenarios and sending", and the template's DELETE). */
export interface MessageTemplatesApi {
  /** A page of the caller's messages, newest change first. */
  templates(request: MessageListRequest): Promise<ScenarioPageDto>;
  /** Every message whose name or message ID holds the text (no paging): the names a copy must avoid. */
  templatesMatching(search: string): Promise<ScenarioListEntryDto[]>;
  /** The whole draft of one message. */
  template(id: string): Promise<ScenarioDto>;
  createTemplate(request: CreateTemplateRequest): Promise<ScenarioDto>;
  deleteTemplate(id: string): Promise<void>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

export function messageTemplatesApi(api: ApiClient): MessageTemplatesApi {
  return {
    templates: (request) => api.send(ROUTES.scenarios.method, `${ROUTES.scenarios.path}${queryString(request)}`),
    templatesMatching: (search) => api.send(ROUTES.scenarios.method, `${ROUTES.scenarios.path}${queryString({ page_size: 'all', active_tab: 'all', search })}`),
    template: (id) => api.send(ROUTES.scenario.method, withId(ROUTES.scenario, id)),
    createTemplate: (request) => api.send(ROUTES.createScenario.method, ROUTES.createScenario.path, request),
    deleteTemplate: async (id) => {
      await api.send(ROUTES.deleteScenario.method, withId(ROUTES.deleteScenario, id));
    },
  };
}
