import {
  READ_MODELS,
  ROUTES,
  type QuotaUsageDto,
  type RecipientsCountAnswerDto,
  type RecipientsCountRequestSchema,
  type RouteDefinition,
  type RunResultDto,
  type ScenarioDto,
  type ScenarioPageDto,
  type SessionResentDto,
  type SessionStartedDto,
} from '@beacon/contracts';
import type { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import { queryString } from '../../api/query-string';
import type { MessageListRequest } from '../../message-list/message-list-query';

/** POST /api/scenario/get_recipients_count/ as the contract's schema accepts it. */
export type RecipientsCountRequest = z.input<typeof RecipientsCountRequestSchema>;

/**
 * The live updates Send Message follows: a message kept, changed or deleted (the list), a session
 * started, planned or completed (the list and the progress), and deliveries of a session changing
 * state (its progress; the update's id is the session's).
 */
export const SENDING_LIVE_RESOURCES = {
  scenarios: READ_MODELS.scenarios,
  sessions: READ_MODELS.messageSessions,
  deliveries: READ_MODELS.messageDeliveries,
} as const;

/** The calls of Send Message (spec part 2 §7, "Scenarios and sending"). */
export interface MessageSendingApi {
  /** A page of the messages the caller may send, newest change first, each with its latest and scheduled sessions. */
  messages(request: MessageListRequest): Promise<ScenarioPageDto>;
  /** The whole draft of one message: its recipients and devices, for the count. */
  message(id: string): Promise<ScenarioDto>;
  /** How many people the message would reach now. */
  recipientsCount(request: RecipientsCountRequest): Promise<RecipientsCountAnswerDto>;
  /** Sends the kept message now; a repeat with the same key answers the same session. */
  send(id: string, idempotencyKey: string): Promise<SessionStartedDto>;
  /** A session's status and its deliveries by state. */
  runResult(taskId: string): Promise<RunResultDto>;
  /** Sends the session again to the people with no reply; a repeat with the same key resends once. */
  resend(taskId: string, idempotencyKey: string): Promise<SessionResentDto>;
  /** The organisation's daily quotas per channel and today's use of them. */
  quotaUsage(): Promise<QuotaUsageDto>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

export function messageSendingApi(api: ApiClient): MessageSendingApi {
  return {
    messages: (request) => api.send(ROUTES.scenarios.method, `${ROUTES.scenarios.path}${queryString(request)}`),
    message: (id) => api.send(ROUTES.scenario.method, withId(ROUTES.scenario, id)),
    recipientsCount: (request) => api.send(ROUTES.recipientsCount.method, ROUTES.recipientsCount.path, request),
    send: (id, idempotencyKey) => api.send(ROUTES.sendScenario.method, withId(ROUTES.sendScenario, id), {}, { idempotencyKey }),
    runResult: (taskId) => api.send(ROUTES.runResult.method, withId(ROUTES.runResult, taskId)),
    resend: (taskId, idempotencyKey) =>
      api.send(ROUTES.resendSession.method, `${withId(ROUTES.resendSession, taskId)}${queryString({ reply: 'No Response' })}`, undefined, { idempotencyKey }),
    quotaUsage: () => api.send(ROUTES.quotaUsage.method, ROUTES.quotaUsage.path),
  };
}
