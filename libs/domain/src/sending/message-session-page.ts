import type { Decider, DomainEvent } from '../shared/decider';

/**
 * One page of a session's plan (stream `message_session_page-<sessionId>-<page>`): the recipients
 * resolved after the previous page's last one and a delivery for each of their devices, each with
 * its id made here, before its job is queued. A page is written once (a planner that resumes after a
 * crash, or a second planner, finds it written and queues the same deliveries again, which the
 * workers' ledger answers once).
 */

/** The channels a delivery goes out on: the builder's devices, and the message's webhooks and push. */
export type DeliveryChannel = 'SMS' | 'VOICE' | 'EMAIL' | 'TEAMS' | 'SLACK' | 'PUSH';

export interface PlannedDelivery {
  readonly deliveryId: string;
  /** The user; for a Teams or Slack webhook, the webhook's own id. */
  readonly recipientId: string;
  /** The builder's device id (`<fieldId>:<type>`), or `teams` / `slack`. */
  readonly deviceId: string;
  readonly channel: DeliveryChannel;
  readonly address: string;
}

export const MESSAGE_SESSION_PAGE_EVENT_VERSIONS = { MessageSessionPageQueued: 1 } as const;

export type MessageSessionPageQueued = DomainEvent<
  'MessageSessionPageQueued',
  {
    sessionId: string;
    page: number;
    /** Recipients on the page (people, and webhooks on the first page). */
    recipients: number;
    /** The last user id on the page: the next page starts after it (null when the page holds none). */
    last: string | null;
    /** The plan ends with this page (it holds fewer people than a page can). */
    final: boolean;
    deliveries: PlannedDelivery[];
    /**
     * Every person on the page by name, those with no device to reach them on too (absent on pages planned
     * before reports named people): the report lists each, as they were called when it was sent.
     */
    people?: PagePerson[];
    /** The session is a conference (its report reads a call's reply "2" as declined). */
    conference?: true;
    at: string;
  }
>;

/** A person on a page of the plan, as the report names them. */
export interface PagePerson {
  readonly id: string;
  readonly name: string;
}

export interface QueueMessageSessionPage {
  readonly type: 'QueueMessageSessionPage';
  readonly data: MessageSessionPageQueued['data'];
}

export type MessageSessionPageState = { readonly queued: false } | { readonly queued: true; readonly page: MessageSessionPageQueued['data'] };

export const messageSessionPageDecider: Decider<QueueMessageSessionPage, MessageSessionPageQueued, MessageSessionPageState> = {
  decide: (command, state) => (state.queued ? [] : [{ type: 'MessageSessionPageQueued', data: command.data }]),
  evolve: (_state, event) => ({ queued: true, page: event.data }),
  initialState: () => ({ queued: false }),
};

export const messageSessionPageStream = (sessionId: string, page: number) => `message_session_page-${sessionId}-${page}`;

/** A delivery's id: the same for the same (session, recipient, device, attempt), whoever plans it. */
export const deliveryIdOf = (sessionId: string, recipientId: string, deviceId: string, attempt = 1) => `${sessionId}.${recipientId}.${deviceId}.${attempt}`;

/** The next attempt's id of a delivery (a temporary refusal or a throttle is sent again under it). */
export function nextAttemptId(deliveryId: string): string {
  const dot = deliveryId.lastIndexOf('.');
  const attempt = Number(deliveryId.slice(dot + 1));
  return Number.isInteger(attempt) && attempt > 0 ? `${deliveryId.slice(0, dot)}.${attempt + 1}` : `${deliveryId}.2`;
}
