import type { RunResultDto } from '@beacon/contracts';
import type { ResendReply } from '@beacon/domain';
import { filter } from 'rxjs';
import { fromCallback, fromPromise } from 'xstate';
import { liveUpdates$ } from '../../live/live-incidents';
import type { MessageListQuery, MessageListRequest } from '../../message-list/message-list-query';
import { dispatchDetailsMachine, type DetailsEvent } from './machines/dispatch-details.machine';
import { messageReportsMachine, type ListedSessions, type ReportsListEvent } from './machines/message-reports.machine';
import { REPORT_LIVE_RESOURCES, type ExportRequest, type MessageReportsApi, type PeopleRequest } from './message-reports-api';
import { goingSessionIds } from './session-rows';

const LIST_RESOURCES: ReadonlySet<string> = new Set([REPORT_LIVE_RESOURCES.sessions, REPORT_LIVE_RESOURCES.deliveries]);

/** A page of messages and the progress of its sessions still going; a progress that fails to load is left out. */
async function listedSessions(api: MessageReportsApi, request: MessageListRequest): Promise<ListedSessions> {
  const page = await api.messages(request);
  const read = await Promise.all(goingSessionIds(page).map((id) => api.runResult(id).catch((): RunResultDto | undefined => undefined)));
  return { page, outcomes: new Map(read.filter((outcome) => outcome !== undefined).map((outcome) => [outcome.session_id, outcome])) };
}

/** The Message Reports machine with its real side effects: the API calls, the live updates and the URL. */
export function messageReportsLogic(api: MessageReportsApi, replaceQuery: (query: MessageListQuery) => void) {
  return messageReportsMachine.provide({
    actors: {
      loadSessions: fromPromise(({ input }: { input: { request: MessageListRequest } }) => listedSessions(api, input.request)),
      watchSessions: fromCallback(({ sendBack }) => {
        const subscription = liveUpdates$
          .pipe(filter((update) => LIST_RESOURCES.has(update.resource)))
          .subscribe((update) => sendBack({ type: 'reports.changed', resource: update.resource, id: update.id } satisfies ReportsListEvent));
        return () => subscription.unsubscribe();
      }),
    },
    actions: { showQuery: (_, { query }) => replaceQuery(query) },
  });
}

/** The Dispatch details (and overview) machine with its real side effects for one session. */
export function dispatchDetailsLogic(api: MessageReportsApi, sessionId: string) {
  return dispatchDetailsMachine.provide({
    actors: {
      loadReport: fromPromise(() => api.report(sessionId)),
      loadPeople: fromPromise(({ input }: { input: PeopleRequest }) => api.people(sessionId, input)),
      exportFile: fromPromise(({ input }: { input: ExportRequest }) => api.exportFile(sessionId, input)),
      resend: fromPromise(({ input }: { input: { reply: ResendReply; idempotencyKey: string } }) => api.resend(sessionId, input.reply, input.idempotencyKey)),
      watchReport: fromCallback(({ sendBack }) => {
        const subscription = liveUpdates$
          .pipe(filter((update) => update.resource === REPORT_LIVE_RESOURCES.report && update.id === sessionId))
          .subscribe(() => sendBack({ type: 'details.changed' } satisfies DetailsEvent));
        return () => subscription.unsubscribe();
      }),
    },
  });
}
