import type { Decider, DomainEvent } from '../shared/decider';
import type { FollowUpDelivery } from './follow-up';

/**
 * One page of a follow-up (stream `message_session_follow_up-<sessionId>-<followUp>-<page>`): page n
 * holds the follow-up's deliveries to the people of the plan's page n, written once, as the plan's
 * pages are (a planner that resumes finds it written and queues the same deliveries again; the
 * workers' ledger answers each once). Its jobs go to the plan page's ledger.
 */
export const MESSAGE_SESSION_FOLLOW_UP_PAGE_EVENT_VERSIONS = { MessageSessionFollowUpPageQueued: 1 } as const;

export type MessageSessionFollowUpPageQueued = DomainEvent<
  'MessageSessionFollowUpPageQueued',
  {
    sessionId: string;
    followUp: number;
    page: number;
    /** The follow-up ends with this page (the plan's last). */
    final: boolean;
    deliveries: FollowUpDelivery[];
    at: string;
  }
>;

export interface QueueFollowUpPage {
  readonly type: 'QueueFollowUpPage';
  readonly data: MessageSessionFollowUpPageQueued['data'];
}

export type FollowUpPageState = { readonly queued: false } | { readonly queued: true; readonly page: MessageSessionFollowUpPageQueued['data'] };

export const followUpPageDecider: Decider<QueueFollowUpPage, MessageSessionFollowUpPageQueued, FollowUpPageState> = {
  decide: (command, state) => (state.queued ? [] : [{ type: 'MessageSessionFollowUpPageQueued', data: command.data }]),
  evolve: (_state, event) => ({ queued: true, page: event.data }),
  initialState: () => ({ queued: false }),
};

export const followUpPageStream = (sessionId: string, followUp: number, page: number) => `message_session_follow_up-${sessionId}-${followUp}-${page}`;

/** What a follow-up page does to the session's counts: new deliveries, and answered ones sent again (queued once more). */
export function followUpPageCounts(deliveries: readonly FollowUpDelivery[]): { added: number; reopened: number } {
  const reopened = deliveries.filter((delivery) => delivery.supersedes !== undefined).length;
  return { added: deliveries.length - reopened, reopened };
}
