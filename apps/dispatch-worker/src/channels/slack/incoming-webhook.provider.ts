import { IncomingWebhook, IncomingWebhookHTTPError, IncomingWebhookRequestError, type FetchFunction } from '@slack/webhook';
import type { Channel, ChannelProvider, OutgoingMessage, SendOutcome } from '../channel-provider';
import { DELIVERY_ID_HEADER } from '../webhook/delivery-id-header';
import { InsecureHosts } from '../webhook/insecure-hosts';
import { webhookTarget } from '../webhook/webhook-address';
import { webhookAnswerOutcome, webhookFailureOutcome } from '../webhook/webhook-outcome';
import { slackMessage } from './slack-message';

export interface IncomingWebhookProviderOptions {
  /** The longest a post waits for Slack's answer; past it the outcome is unknown. */
  readonly timeoutMs: number;
  /**
   * Host names that may be posted to over plain http, or over https with a certificate nobody vouches
   * for (a local test endpoint); every other address must be https, its certificate checked.
   */
  readonly allowInsecureHosts?: readonly string[];
}

const VENDOR = 'Slack';

/**
 * Slack through an incoming webhook (the message's address is the hook's URL) with @slack/webhook:
 * its retries off (`retries: 0`: our retry and pacing decide) and its timeout ours. Its HTTP error
 * keeps the status and the body ("channel_is_archived") but not the headers, so the fetch we hand it
 * keeps the answer for its Retry-After and request id, and fetch's own error (the library's request
 * error keeps it only when it is an Error of the library's realm, else just its words), which tells
 * our timeout apart from a connection that never opened. That fetch also adds our delivery-id header
 * and answers redirects instead of failing on them (the library asks fetch to fail, which would read
 * as a lost connection). The answer decides the outcome (webhook-outcome.ts).
 */
export class IncomingWebhookProvider implements ChannelProvider {
  readonly name = 'slack-webhook';
  readonly channels: readonly Channel[] = ['SLACK'];
  private readonly insecureHosts: InsecureHosts;

  constructor(private readonly options: IncomingWebhookProviderOptions) {
    this.insecureHosts = new InsecureHosts(options.allowInsecureHosts ?? []);
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const target = webhookTarget(VENDOR, message.address, this.options.allowInsecureHosts ?? []);
    if (!target.ok) return target.outcome;
    let answer: Response | undefined;
    let failure: unknown;
    const answering: FetchFunction = async (url, init) => {
      try {
        answer = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: { ...init?.headers, [DELIVERY_ID_HEADER]: message.deliveryId },
          ...this.insecureHosts.fetchOptions(target.url),
        });
        return answer;
      } catch (error) {
        failure = error;
        throw error;
      }
    };
    const webhook = new IncomingWebhook(target.url.href, { timeout: this.options.timeoutMs, retryConfig: { retries: 0 }, fetch: answering });
    const answerOf = (status: number, body: string): SendOutcome =>
      webhookAnswerOutcome(VENDOR, { status, body, retryAfter: answer?.headers.get('retry-after') ?? null }, Date.now());
    try {
      await webhook.send(slackMessage(message));
      return accepted(message, answer);
    } catch (error) {
      if (error instanceof IncomingWebhookHTTPError) return answerOf(error.statusCode, error.body);
      // The status came and only reading its body failed: the status is the answer.
      if (answer) return answer.ok ? accepted(message, answer) : answerOf(answer.status, '');
      return webhookFailureOutcome(VENDOR, failure ?? (error instanceof IncomingWebhookRequestError ? error.original : error), this.options.timeoutMs);
    }
  }

  /** Closes the connections kept to insecure hosts. */
  async close(): Promise<void> {
    await this.insecureHosts.close();
  }
}

/** Slack's request id names the post for Slack's support; without one, our delivery id does. */
function accepted(message: OutgoingMessage, answer: Response | undefined): SendOutcome {
  const requestId = answer?.headers.get('x-slack-req-id')?.trim();
  return { kind: 'accepted', providerMessageId: requestId || `slack:${message.deliveryId}` };
}
