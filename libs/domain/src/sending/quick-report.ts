import type { Decider, DomainEvent } from '../shared/decider';
import type { QuickReportType } from '../message/scenario-draft';
import { deliveryIdOf, type PlannedDelivery } from './message-session-page';

/**
 * The quick report of a message (spec part 2 §3 "Quick report: send_quick_report, recipients, type"):
 * when its session completes, the people the message names as the report's recipients get a short
 * report of how it went, by email or SMS. The report is sent once, on its own stream: first what it
 * says and to whom (QuickReportQueued, written once), then its jobs go to the dispatch workers
 * (QuickReportDispatched once they are on the bus; a restart in between queues them again, and the
 * workers' ledger sends each delivery once). Its deliveries belong to the report, never to the
 * session, so the session's progress does not count them.
 */

export const QUICK_REPORT_EVENT_VERSIONS = {
  QuickReportQueued: 1,
  QuickReportDispatched: 1,
} as const;

/** The session's outcome as the report tells it, by delivery (one message to one person on one device). */
export interface QuickReportCounts {
  readonly recipients: number;
  readonly deliveries: number;
  /** Reached their person (a reply was delivered too). */
  readonly delivered: number;
  /** Failed or timed out. */
  readonly failed: number;
  readonly replied: number;
  /** Neither replied to nor failed (delivered, sent, or never answered by the provider). */
  readonly no_response: number;
}

/** The session's progress by delivery state (run_result's), as the report counts it. */
export interface SessionProgressCounts {
  readonly queued: number;
  readonly sending: number;
  readonly sent: number;
  readonly delivered: number;
  readonly failed: number;
  readonly replied: number;
  readonly unknown: number;
  /** A conference's calls joined (a response) and declined (no response, spec §3), counted apart from replied. */
  readonly connected?: number;
  readonly rejected?: number;
}

export function quickReportCountsOf(recipients: number, progress: SessionProgressCounts): QuickReportCounts {
  const connected = progress.connected ?? 0;
  const rejected = progress.rejected ?? 0;
  const replied = progress.replied + connected;
  const deliveries = progress.queued + progress.sending + progress.sent + progress.delivered + progress.failed + progress.unknown + replied + rejected;
  return { recipients, deliveries, delivered: progress.delivered + replied + rejected, failed: progress.failed, replied, no_response: deliveries - progress.failed - replied };
}

/** What the report says: one line for a text, and an email's subject and body. */
export function quickReportContent(messageName: string, counts: QuickReportCounts): { readonly subject: string; readonly sms: string; readonly email: string } {
  const { recipients, deliveries, delivered, failed, replied, no_response } = counts;
  const figures = `${delivered} delivered, ${failed} failed, ${replied} replied, ${no_response} no response`;
  return {
    subject: `Quick report: ${messageName}`,
    sms: `Quick report: ${messageName} went to ${recipients} recipients (${deliveries} messages): ${figures}.`,
    email: [
      `The message "${messageName}" has finished sending.`,
      '',
      `Recipients: ${recipients}`,
      `Messages sent: ${deliveries}`,
      `Delivered: ${delivered}`,
      `Failed: ${failed}`,
      `Replied: ${replied}`,
      `No response: ${no_response}`,
    ].join('\n'),
  };
}

/**
 * The channel the report goes on: by SMS when the message asks for it and the group may send SMS
 * quick reports (its sms_quick_reports setting and its root's "SMS quick reports" permission), else by
 * email, so the report still reaches its recipients when SMS reports were turned off after the
 * message was saved.
 */
export function quickReportChannel(type: QuickReportType, smsAllowed: boolean): 'SMS' | 'EMAIL' {
  return type === 'sms' && smsAllowed ? 'SMS' : 'EMAIL';
}

export const SMS_QUICK_REPORTS_OFF = 'SMS quick reports are off for this group: the report went by email.';

/** The report's own id, under which its deliveries (and the workers' ledger of them) are kept, apart from the session's. */
export const quickReportId = (sessionId: string) => `${sessionId}-quick-report`;

/** A report delivery to one recipient: (report, recipient, channel). */
export const quickReportDeliveryId = (sessionId: string, recipientId: string, channel: 'SMS' | 'EMAIL') => deliveryIdOf(quickReportId(sessionId), recipientId, channel.toLowerCase());

export interface QuickReportData {
  readonly sessionId: string;
  /** The id its deliveries are kept under (quickReportId). */
  readonly reportId: string;
  /** What the message asked for, and the channel it went on (they differ when SMS reports are off). */
  readonly type: QuickReportType;
  readonly channel: 'SMS' | 'EMAIL';
  /** Why the channel differs from the type asked for (null when it does not). */
  readonly note: string | null;
  readonly counts: QuickReportCounts;
  readonly subject: string;
  readonly text: string;
  readonly deliveries: readonly PlannedDelivery[];
  /** Recipients with no address on the channel (no email, no SMS number), or no longer there. */
  readonly unreachable: readonly string[];
  readonly at: string;
}

export type QuickReportQueued = DomainEvent<'QuickReportQueued', QuickReportData>;
export type QuickReportDispatched = DomainEvent<'QuickReportDispatched', { sessionId: string; at: string }>;
export type QuickReportEvent = QuickReportQueued | QuickReportDispatched;

export type QuickReportCommand = { readonly type: 'QueueQuickReport'; readonly data: QuickReportData } | { readonly type: 'RecordQuickReportDispatched'; readonly data: { sessionId: string; at: string } };

export interface QuickReportState {
  readonly report: QuickReportData | null;
  readonly dispatched: boolean;
}

/** The report is written once (a second writer's is dropped: the first one's is the one sent), and dispatched once, after it is written. */
export const quickReportDecider: Decider<QuickReportCommand, QuickReportEvent, QuickReportState> = {
  decide(command, state) {
    switch (command.type) {
      case 'QueueQuickReport':
        return state.report ? [] : [{ type: 'QuickReportQueued', data: command.data }];
      case 'RecordQuickReportDispatched':
        return state.report && !state.dispatched ? [{ type: 'QuickReportDispatched', data: command.data }] : [];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'QuickReportQueued':
        return { ...state, report: event.data };
      case 'QuickReportDispatched':
        return { ...state, dispatched: true };
    }
  },
  initialState: () => ({ report: null, dispatched: false }),
};

export const quickReportStream = (sessionId: string) => `message_session_quick_report-${sessionId}`;
