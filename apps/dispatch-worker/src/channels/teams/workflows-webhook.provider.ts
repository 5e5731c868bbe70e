import type { Channel, ChannelProvider, OutgoingMessage, SendOutcome } from '../channel-provider';
import { DELIVERY_ID_HEADER } from '../webhook/delivery-id-header';
import { InsecureHosts } from '../webhook/insecure-hosts';
import { webhookTarget } from '../webhook/webhook-address';
import { webhookAnswerOutcome, webhookFailureOutcome } from '../webhook/webhook-outcome';
import { workflowsCardMessage } from './adaptive-card';

export interface WorkflowsWebhookProviderOptions {
  /** The longest a post waits for Teams's answer; past it the outcome is unknown. */
  readonly timeoutMs: number;
  /**
   * Host names that may be posted to over plain http, or over https with a certificate nobody vouches
   * for (a local test endpoint); every other address must be https, its certificate checked.
   */
  readonly allowInsecureHosts?: readonly string[];
}

/** Headers that name the workflow run a post started (Power Automate / Logic Apps), best first. */
const RUN_ID_HEADERS = ['x-ms-workflow-run-id', 'x-ms-request-id'];

const VENDOR = 'Teams';

/**
 * Microsoft Teams through a Workflows webhook (the message's address is the workflow's URL; Office 365
 * connectors are retired). One POST of an Adaptive Card with fetch; the answer decides the outcome
 * (webhook-outcome.ts). Redirects are not followed: a hook that moved must be updated.
 */
export class WorkflowsWebhookProvider implements ChannelProvider {
  readonly name = 'teams-webhook';
  readonly channels: readonly Channel[] = ['TEAMS'];
  private readonly insecureHosts: InsecureHosts;

  constructor(private readonly options: WorkflowsWebhookProviderOptions) {
    this.insecureHosts = new InsecureHosts(options.allowInsecureHosts ?? []);
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const target = webhookTarget(VENDOR, message.address, this.options.allowInsecureHosts ?? []);
    if (!target.ok) return target.outcome;
    let response: Response;
    try {
      response = await fetch(target.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [DELIVERY_ID_HEADER]: message.deliveryId },
        body: JSON.stringify(workflowsCardMessage(message)),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
        ...this.insecureHosts.fetchOptions(target.url),
      });
    } catch (error) {
      return webhookFailureOutcome(VENDOR, error, this.options.timeoutMs);
    }
    if (response.status >= 200 && response.status < 300) {
      // The answer is the status; its body (usually empty) is not read.
      response.body?.cancel().catch(() => undefined);
      const runId = RUN_ID_HEADERS.map((name) => response.headers.get(name)).find((value) => value !== null && value.trim() !== '');
      return { kind: 'accepted', providerMessageId: runId?.trim() ?? `teams:${message.deliveryId}` };
    }
    const body = await response.text().catch(() => '');
    return webhookAnswerOutcome(VENDOR, { status: response.status, body, retryAfter: response.headers.get('retry-after') }, Date.now());
  }

  /** Closes the connections kept to insecure hosts. */
  async close(): Promise<void> {
    await this.insecureHosts.close();
  }
}
