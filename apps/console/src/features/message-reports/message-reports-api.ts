import {
  READ_MODELS,
  ROUTES,
  SESSION_REPORT_AGGREGATES,
  type RouteDefinition,
  type RunResultDto,
  type ScenarioPageDto,
  type SessionAggregateDto,
  type SessionRecipientDispatchesDto,
  type SessionRecipientFilters,
  type SessionRecipientPageDto,
  type SessionReportAggregate,
  type SessionReportDetailsDto,
  type SessionResentDto,
} from '@beacon/contracts';
import type { ResendReply } from '@beacon/domain';
import type { ApiClient } from '../../api/api-client';
import { queryString } from '../../api/query-string';
import type { MessageListRequest } from '../../message-list/message-list-query';
import { saveFile } from '../../shared-ui/save-file';

/**
 * The live updates the reports follow. The session-report projection announces each change of a
 * session's people under `message_session_reports` with the session's id (its read model's name is
 * the query API's, not in READ_MODELS); the list follows sessions and their deliveries.
 */
export const REPORT_LIVE_RESOURCES = {
  sessions: READ_MODELS.messageSessions,
  deliveries: READ_MODELS.messageDeliveries,
  report: 'message_session_reports',
} as const;

/** The counts a report's charts draw, by what they count. */
export type ReportAggregates = Readonly<Record<SessionReportAggregate, SessionAggregateDto>>;

/** A session's statistics and its counts: what Dispatch details and Dispatches overview both show. */
export interface SessionReport {
  details: SessionReportDetailsDto;
  aggregates: ReportAggregates;
}

/** A page of a session's people: the page, its size and the filters. */
export interface PeopleRequest {
  page: number;
  pageSize: number;
  filters: SessionRecipientFilters;
}

/**
 * The exports: the summary (statistics and counts, no addresses), the detailed report (the people the
 * filters match), and a conference's recording of its bridge.
 */
export const EXPORT_KINDS = ['summaryXlsx', 'summaryPdf', 'detailedXlsx', 'detailedPdf', 'conferenceRecording'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportRequest {
  kind: ExportKind;
  filters: SessionRecipientFilters;
}

/** The calls of the session reports (spec part 2 §7 "Session reports"). */
export interface MessageReportsApi {
  /** A page of messages, each with its latest sessions sent. */
  messages(request: MessageListRequest): Promise<ScenarioPageDto>;
  /** A session's status and its deliveries by state (the list's progress of a session still going). */
  runResult(sessionId: string): Promise<RunResultDto>;
  /** The statistics and the counts by state, reply and reply time. */
  report(sessionId: string): Promise<SessionReport>;
  people(sessionId: string, request: PeopleRequest): Promise<SessionRecipientPageDto>;
  dispatches(sessionId: string, recipientId: string): Promise<SessionRecipientDispatchesDto>;
  /** Downloads the export and hands it to the browser to save. */
  exportFile(sessionId: string, request: ExportRequest): Promise<void>;
  /** Sends the session again to the people with this reply label; a repeat with the same key resends once. */
  resend(sessionId: string, reply: ResendReply, idempotencyKey: string): Promise<SessionResentDto>;
}

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

/** The filters as the query string carries them; empty ones are left out. */
export const filtersQuery = (filters: SessionRecipientFilters): string => queryString({ ...filters });

const EXPORTS: Readonly<Record<ExportKind, { route: RouteDefinition; detailed: boolean; fileName: (id: string) => string }>> = {
  summaryXlsx: { route: ROUTES.generateSessionXlsx, detailed: false, fileName: (id) => `session-${id}.xlsx` },
  summaryPdf: { route: ROUTES.generateSessionPdf, detailed: false, fileName: (id) => `session-${id}.pdf` },
  detailedXlsx: { route: ROUTES.detailedSessionXlsx, detailed: true, fileName: (id) => `session-${id}-people.xlsx` },
  detailedPdf: { route: ROUTES.detailedSessionPdf, detailed: true, fileName: (id) => `session-${id}-people.pdf` },
  conferenceRecording: { route: ROUTES.conferenceRecording, detailed: false, fileName: (id) => `conference-${id}.mp3` },
};

export function messageReportsApi(api: Pick<ApiClient, 'send' | 'fetchFile'>): MessageReportsApi {
  const aggregate = (id: string, by: SessionReportAggregate) =>
    api.send<SessionAggregateDto>(ROUTES.sessionRecipientsAggregate.method, withId(ROUTES.sessionRecipientsAggregate, id).replace(':by', by));
  return {
    messages: (request) => api.send(ROUTES.scenarios.method, `${ROUTES.scenarios.path}${queryString(request)}`),
    runResult: (id) => api.send(ROUTES.runResult.method, withId(ROUTES.runResult, id)),
    report: async (id) => {
      const [details, ...counts] = await Promise.all([
        api.send<SessionReportDetailsDto>(ROUTES.sessionReportDetails.method, withId(ROUTES.sessionReportDetails, id)),
        ...SESSION_REPORT_AGGREGATES.map((by) => aggregate(id, by)),
      ]);
      const [state, reply, reply_time] = counts as [SessionAggregateDto, SessionAggregateDto, SessionAggregateDto];
      return { details, aggregates: { state, reply, reply_time } };
    },
    people: (id, { page, pageSize, filters }) =>
      api.send(
        ROUTES.sessionRecipients.method,
        `${withId(ROUTES.sessionRecipients, id)}${queryString({ page: String(page), page_size: String(pageSize), ...filters })}`,
      ),
    dispatches: (id, recipientId) =>
      api.send(ROUTES.sessionRecipientDispatches.method, withId(ROUTES.sessionRecipientDispatches, id).replace(':rid', encodeURIComponent(recipientId))),
    exportFile: async (id, { kind, filters }) => {
      const { route, detailed, fileName } = EXPORTS[kind];
      const file = await api.fetchFile(route.method, `${withId(route, id)}${detailed ? filtersQuery(filters) : ''}`);
      saveFile(file, fileName(id));
    },
    resend: (id, reply, idempotencyKey) =>
      api.send(ROUTES.resendSession.method, `${withId(ROUTES.resendSession, id)}${queryString({ reply })}`, undefined, { idempotencyKey }),
  };
}
