import { createHash } from 'node:crypto';
import type { ReportedDelivery } from '@beacon/domain';
import type { Collection, Document } from '@beacon/read-store';
import { SimulatedOutbox } from './simulated-outbox';
import type { Channel, ChannelProvider, LookupOutcome, OutgoingMessage, SendOutcome } from '../channel-provider';

export interface SimulatorOptions {
  /** How long after the send the simulated recipient's device reports (ms; 0: at once). */
  readonly latencyMs: number;
  /** The share of deliveries that fail (0 to 1), chosen by the delivery id, so a rerun fails the same ones. */
  readonly failureRate: number;
  /** The share of delivered messages that get a reply ("1"). */
  readonly replyRate: number;
}

/** What the simulator keeps of each message it "sent": the console's outbox, and what a lookup finds. */
export interface SimulatedMessage extends Document {
  readonly session_id: string;
  readonly channel: Channel;
  readonly address: string;
  readonly subject: string | null;
  readonly content: string;
  readonly sent_at: string;
}

/** Where the simulator's reports go (the worker's report recorder). */
export type SimulatedReports = (message: OutgoingMessage, report: ReportedDelivery) => Promise<void>;

/** A stable fraction in [0, 1) of a delivery id and a salt. */
function share(deliveryId: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${deliveryId}`).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/** What the simulator does with a delivery, by its id (a rerun fails and replies to the same ones); tests foretell it with this. */
export function simulatedFate(deliveryId: string, options: Pick<SimulatorOptions, 'failureRate' | 'replyRate'>): 'failed' | 'replied' | 'delivered' {
  if (share(deliveryId, 'fail') < options.failureRate) return 'failed';
  return share(deliveryId, 'reply') < options.replyRate ? 'replied' : 'delivered';
}

/**
 * The embedded default for every channel: records what would have been sent (the outbox collection of
 * the tenant, which the console shows) and reports delivered, failed or replied after a latency,
 * as a real provider's callbacks would. The record is written before the send is answered, so a
 * lookup after a crash tells whether the "provider" has the message.
 */
export class SimulatorProvider implements ChannelProvider {
  readonly name = 'simulator';
  readonly channels: readonly Channel[] = ['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK', 'PUSH'];
  readonly reportsDelivery = true;

  private readonly outbox: SimulatedOutbox;

  constructor(
    outbox: (tenantId: string) => Collection<SimulatedMessage>,
    private readonly reports: SimulatedReports,
    private readonly options: SimulatorOptions,
  ) {
    this.outbox = new SimulatedOutbox(outbox);
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const sentAt = new Date().toISOString();
    await this.outbox.record(message.tenantId, {
      _id: message.deliveryId,
      session_id: message.sessionId,
      channel: message.channel,
      address: message.address,
      subject: message.subject ?? null,
      content: message.text,
      sent_at: sentAt,
    });
    const providerMessageId = `sim-${message.deliveryId}`;
    // No latency and nothing more to tell (no failure, no reply): delivered in the answer itself, as a
    // device that answers at once would be, which spares a report per message.
    if (this.options.latencyMs === 0 && this.fate(message.deliveryId) === 'delivered') return { kind: 'accepted', providerMessageId, delivered: true };
    const report = () => void this.report(message, providerMessageId).catch(() => undefined);
    if (this.options.latencyMs > 0) setTimeout(report, this.options.latencyMs).unref();
    else report();
    return { kind: 'accepted', providerMessageId };
  }

  async lookup(message: OutgoingMessage): Promise<LookupOutcome> {
    const found = await this.outbox.find(message.tenantId, message.deliveryId);
    if (!found) return { kind: 'not-found' };
    const providerMessageId = `sim-${message.deliveryId}`;
    if (this.fate(message.deliveryId) === 'delivered') return { kind: 'found', providerMessageId, delivered: true };
    // Its report may have been lost with the worker that sent it: reported again (a duplicate report changes nothing).
    void this.report(message, providerMessageId).catch(() => undefined);
    return { kind: 'found', providerMessageId };
  }

  /** What becomes of a delivery, by its id (a rerun fails and replies to the same ones). */
  private fate(deliveryId: string): 'failed' | 'replied' | 'delivered' {
    return simulatedFate(deliveryId, this.options);
  }

  private async report(message: OutgoingMessage, providerMessageId: string): Promise<void> {
    const at = new Date().toISOString();
    const base = { deliveryId: message.deliveryId, providerMessageId, at };
    const fate = this.fate(message.deliveryId);
    if (fate === 'failed') {
      await this.reports(message, { ...base, status: 'failed', reason: 'Simulated failure: the number is not in service.' });
      return;
    }
    await this.reports(message, { ...base, status: 'delivered' });
    if (fate === 'replied') await this.reports(message, { ...base, status: 'replied', reply: '1' });
  }
}
