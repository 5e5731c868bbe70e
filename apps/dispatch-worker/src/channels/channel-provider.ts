/**
 * The channel port: one small interface per channel, one adapter per vendor
 * (`channels/<channel>/<vendor>.provider.ts`), each passing the provider contract suite
 * (`channels/testing/channel-provider.contract.ts`).
 */

/** The channels a message goes out on (spec part 2 §1). */
export type Channel = 'SMS' | 'VOICE' | 'EMAIL' | 'TEAMS' | 'SLACK' | 'PUSH';

/** One message to one address, as a worker hands it to a provider. */
export interface OutgoingMessage {
  /**
   * Ours, made before the job was queued (session, recipient, device, attempt). It goes to the provider as
   * its reference or idempotency key where the provider takes one, and in the status callback's address,
   * so a report finds its delivery even when it arrives before the submit is recorded.
   */
  readonly deliveryId: string;
  readonly tenantId: string;
  readonly sessionId: string;
  readonly channel: Channel;
  /** A phone number (E.164), an email address, a webhook URL or a push subscription (JSON). */
  readonly address: string;
  /** Email subject, Teams/Slack title, push title. */
  readonly subject?: string;
  readonly text: string;
  /** SMS/voice sender: a number or an alphanumeric name. */
  readonly from?: string;
  /** Where the provider posts status reports for this message (absent: the provider is not asked for any). */
  readonly statusCallbackUrl?: string;
}

/**
 * What a provider answered to one send:
 * - accepted: it took the message (its id for later reports and reconciliation);
 * - refused: it answered no; permanent (bad address, blocked, unsubscribed) or temporary (try again);
 * - throttled: it asked us to slow down (HTTP 429, SMTP 421/451 "try later"): not a failure;
 * - unknown: the request may have left and no answer came back (timeout, connection reset after
 *   sending). Never retried blindly: the delivery is reconciled with the provider first.
 * Any of them may carry the failover decision that sent the message elsewhere than the channel's first
 * provider (channels/failover/): the worker records it with the outcome.
 */
export type SendOutcome = (
  | {
      readonly kind: 'accepted';
      readonly providerMessageId: string;
      /** A provider that reports delivery knows already that this one is delivered: no report to wait for. */
      readonly delivered?: true;
    }
  | { readonly kind: 'refused'; readonly permanent: boolean; readonly reason: string; readonly code?: string }
  | { readonly kind: 'throttled'; readonly retryAfterMs: number; readonly reason: string }
  | { readonly kind: 'unknown'; readonly reason: string }
) & { readonly failover?: FailoverDecision };

/**
 * Why a send went to the channel's failover provider: `from` the first provider, `to` the failover one
 * (which gave the outcome); `cause` refused (the first refused it for now, or could not be reached, so
 * the message surely never left) or circuit-open (the first failed too often lately and is rested).
 */
export interface FailoverDecision {
  readonly from: string;
  readonly to: string;
  readonly cause: 'refused' | 'circuit-open';
  readonly reason: string;
}

/** A delivery's state as a provider reports it after the send. */
export type ReportedStatus = 'sent' | 'delivered' | 'failed' | 'replied';

/** One status report from a provider (a callback, a bounce, a reply), tied to our delivery id. */
export interface DeliveryReport {
  readonly deliveryId: string;
  readonly providerMessageId: string;
  readonly status: ReportedStatus;
  /** For failed: the provider's reason (code and words); for replied: the reply's text. */
  readonly reason?: string;
  readonly reply?: string;
  /** When the provider says it happened (ISO-8601), else when we received it. */
  readonly at: string;
}

/**
 * What a worker asks of a provider that announces its handover: `beforeHandover` is called, and waited
 * for, just before the message becomes the provider's (SMTP: before DATA's final dot). The worker
 * records the handover there, so that after a crash a delivery without the record surely never
 * reached the provider. If it rejects, the message is not handed over and the send fails as
 * refused for now. `onRecorded`, when given, is called synchronously the moment the record is durable,
 * before anything else the worker has queued runs: the provider lets the message go there (SMTP writes
 * the final dot), which leaves no time between the record and the handover for a crash to fall into.
 */
export interface SendHooks {
  beforeHandover(onRecorded?: () => void): Promise<void>;
}

/** What reconciling an unknown outcome found at the provider. */
export type LookupOutcome =
  | {
      readonly kind: 'found';
      readonly providerMessageId: string;
      /** The provider knows it is delivered already: no report to wait for. */
      readonly delivered?: true;
    }
  | { readonly kind: 'not-found' };

export interface ChannelProvider {
  /** The vendor, as configuration names it ('simulator', 'smtp', 'twilio', 'webhook', 'web-push'). */
  readonly name: string;
  readonly channels: readonly Channel[];
  /**
   * True when the provider reports delivery after accepting (status callbacks): its acceptance is
   * "submitted". Otherwise acceptance is as far as the provider can tell us: "delivered".
   */
  readonly reportsDelivery?: boolean;
  /**
   * True when the provider calls `hooks.beforeHandover` on every send that reaches the handover: a
   * provider that cannot be asked about a delivery in doubt (no `lookup`) can then still tell the
   * ones that never reached it, which are sent again without risk of a duplicate.
   */
  readonly announcesHandover?: boolean;
  /** Sends one message; never throws for the provider's own answers (those are outcomes). */
  send(message: OutgoingMessage, hooks?: SendHooks): Promise<SendOutcome>;
  /**
   * Asks the provider whether a message with our delivery id reached it (after an unknown outcome).
   * Absent where the provider cannot be asked: the delivery then stays unknown, shown as such.
   */
  lookup?(message: OutgoingMessage): Promise<LookupOutcome>;
  /** Closes what the provider keeps open (pooled connections), when the process stops. */
  close?(): Promise<void>;
}

export const CHANNEL_PROVIDER = Symbol('CHANNEL_PROVIDER');
