import type { QuotaUsageDto, RunResultDto } from '@beacon/contracts';
import { filter } from 'rxjs';
import { fromCallback, fromPromise } from 'xstate';
import { liveUpdates$ } from '../../live/live-incidents';
import { SENDING_LIVE_RESOURCES, type MessageSendingApi } from './message-sending-api';
import { latestSessionIds, messageSendingMachine, type Confirmation, type ListedPage, type Outcomes, type SendEstimate } from './machines/message-sending.machine';
import { sessionProgressMachine, type ProgressEvent } from './machines/session-progress.machine';
import { quotaNoteOf, sendNeeds } from './quota-usage';
import { isFinished } from './session-progress';
import type { MessageListQuery, MessageListRequest } from '../../message-list/message-list-query';

/** The confirmation waits this long for the recipient count (and the quotas' use), then asks without it. */
export const COUNT_WAIT_MS = 3_000;

export interface SendingServices {
  api: MessageSendingApi;
  /** The app's snackbar, for a send that did not start. */
  notifyFailure: (text: string) => void;
  /** The app's confirmation dialog for a send; accepting it calls `confirm`. */
  askToConfirm: (confirmation: Confirmation, confirm: () => void) => void;
  /** Puts the query in the URL in place of the one shown (the list fell back to page 1). */
  replaceQuery: (query: MessageListQuery) => void;
}

const LIVE_RESOURCES: ReadonlySet<string> = new Set(Object.values(SENDING_LIVE_RESOURCES));
const FOLLOWED_RESOURCES: ReadonlySet<string> = new Set([SENDING_LIVE_RESOURCES.sessions, SENDING_LIVE_RESOURCES.deliveries]);

function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * A page and the outcomes of its messages' latest sessions. An outcome already over is kept (also
 * from pages shown before) and not read again; one that fails to load is left out. The daily quotas'
 * use is read alongside; when it fails it is not known (null), and the page loads all the same.
 */
async function listedPage(api: MessageSendingApi, request: MessageListRequest, known: Outcomes): Promise<ListedPage> {
  const pageRead = api.messages(request);
  const usageRead = api.quotaUsage().catch((): QuotaUsageDto | null => null);
  const page = await pageRead;
  const over = [...known.values()].filter((outcome) => isFinished(outcome.status));
  const overIds = new Set(over.map((outcome) => outcome.task_id));
  const read = await Promise.all(
    latestSessionIds(page)
      .filter((id) => !overIds.has(id))
      .map((id) => api.runResult(id).catch((): RunResultDto | undefined => undefined)),
  );
  return {
    page,
    outcomes: new Map([...over, ...read.filter((outcome) => outcome !== undefined)].map((outcome) => [outcome.task_id, outcome])),
    usage: await usageRead,
  };
}

/**
 * How many people the message reaches now, by its kept recipients and devices, and the warning when
 * what it needs would go past a daily quota. The quotas' use is read again (another group of the
 * organisation may have sent since the list was read); when that fails or is slow the list's is used.
 * Nothing is known when the count fails or is slow.
 */
async function peopleReached(api: MessageSendingApi, id: string, listed: QuotaUsageDto | null): Promise<SendEstimate> {
  const usageRead = within(api.quotaUsage(), COUNT_WAIT_MS).catch((): QuotaUsageDto | null => null);
  const draft = await api.message(id);
  const answer = await within(
    api.recipientsCount({ customer_group: draft.customer_group, recipients: draft.recipients, devices: draft.devices, is_phone_invoke: draft.is_phone_invoke }),
    COUNT_WAIT_MS,
  );
  if (answer === null) return { people: null, quotaNote: null };
  const usage = (await usageRead) ?? listed;
  return { people: answer.count, quotaNote: usage ? quotaNoteOf(usage, sendNeeds(answer.channels, draft)) : null };
}

/** The progress machine with its real side effects: run_result reads and the live updates of its session. */
export function sessionProgressLogic(api: MessageSendingApi) {
  return sessionProgressMachine.provide({
    actors: {
      loadResult: fromPromise(({ input }: { input: { taskId: string } }) => api.runResult(input.taskId)),
      resendSession: fromPromise(({ input }: { input: { taskId: string; idempotencyKey: string } }) => api.resend(input.taskId, input.idempotencyKey)),
      watchSession: fromCallback<ProgressEvent, { taskId: string }>(({ input, sendBack }) => {
        const subscription = liveUpdates$
          .pipe(filter((update) => FOLLOWED_RESOURCES.has(update.resource) && update.id === input.taskId))
          .subscribe(() => sendBack({ type: 'progress.changed' }));
        return () => subscription.unsubscribe();
      }),
    },
  });
}

/** The Send Message machine with its real side effects: the API calls, the live updates, the dialog, the snackbar and the URL. */
export function messageSendingLogic({ api, notifyFailure, askToConfirm, replaceQuery }: SendingServices) {
  return messageSendingMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: { request: MessageListRequest; known: Outcomes } }) => listedPage(api, input.request, input.known)),
      countRecipients: fromPromise(({ input }: { input: { id: string; usage: QuotaUsageDto | null } }) => peopleReached(api, input.id, input.usage)),
      startSend: fromPromise(({ input }: { input: { id: string; key: string } }) => api.send(input.id, input.key)),
      watchSending: fromCallback(({ sendBack }) => {
        const subscription = liveUpdates$
          .pipe(filter((update) => LIVE_RESOURCES.has(update.resource)))
          .subscribe((update) => sendBack({ type: 'sending.changed', resource: update.resource, id: update.id }));
        return () => subscription.unsubscribe();
      }),
      followSession: sessionProgressLogic(api),
    },
    actions: {
      notifyFailure: (_, { text }) => notifyFailure(text),
      askToConfirm: ({ self }, confirmation) =>
        askToConfirm(confirmation, () => self.send({ type: 'sending.confirm', attempt: { message: confirmation.message, key: confirmation.key } })),
      showQuery: (_, { query }) => replaceQuery(query),
    },
  });
}
