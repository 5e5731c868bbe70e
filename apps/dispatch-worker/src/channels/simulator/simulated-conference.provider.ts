import { createHash } from 'node:crypto';
import { CONFERENCE_DECLINE_DIGIT, CONFERENCE_JOIN_DIGIT, type ConferenceCall } from '@beacon/domain';
import type { Collection } from '@beacon/read-store';
import type { ConferenceLookup } from '../../conference/conference-calls';
import type { Channel, ChannelProvider, LookupOutcome, OutgoingMessage, SendOutcome } from '../channel-provider';
import { SimulatedOutbox } from './simulated-outbox';
import type { SimulatedMessage, SimulatedReports, SimulatorOptions } from './simulator.provider';

/** What a simulated person does with a conference call. */
export type SimulatedConferenceAnswer = 'failed' | 'joined' | 'declined' | 'machine';

/** A stable fraction in [0, 1) of a delivery id and a salt. */
function share(deliveryId: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${deliveryId}`).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/**
 * What becomes of a simulated conference call, by a hash of its delivery id (a rerun answers the same):
 * SIMULATOR_FAILURE_RATE of them fail; of the rest, half join (key 1), a quarter decline (key 2) and a
 * quarter reach a machine (or a person who hangs up without choosing): delivered, nobody connected.
 */
export function simulatedConferenceAnswer(deliveryId: string, failureRate: number): SimulatedConferenceAnswer {
  if (share(deliveryId, 'fail') < failureRate) return 'failed';
  const answer = share(deliveryId, 'conference');
  return answer < 0.5 ? 'joined' : answer < 0.75 ? 'declined' : 'machine';
}

/**
 * The simulator's voice channel with conference messages (domain conference.ts): a call of a
 * conference session is kept in the outbox with what a person hears, and answered as a person would
 * (simulatedConferenceAnswer), reported as Twilio's route records it: reply "1" joined, "2" declined,
 * delivered for a machine. A bridge someone joined gets a short recording, as Twilio records a bridge.
 * Every other call is the simulator's own.
 */
export class SimulatedConferenceProvider implements ChannelProvider {
  readonly name = 'simulator';
  readonly channels: readonly Channel[] = ['VOICE'];
  readonly reportsDelivery = true;

  private readonly outbox: SimulatedOutbox;

  constructor(
    private readonly simulator: ChannelProvider,
    private readonly conferences: ConferenceLookup,
    outbox: (tenantId: string) => Collection<SimulatedMessage>,
    private readonly reports: SimulatedReports,
    private readonly options: SimulatorOptions,
    /** Keeps the bridge's recording once someone joined it, as Twilio would report it. */
    private readonly recordings: (tenantId: string, sessionId: string) => Promise<void> = async () => undefined,
  ) {
    this.outbox = new SimulatedOutbox(outbox);
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    let conference: ConferenceCall | null;
    try {
      conference = await this.conferences(message.sessionId);
    } catch (error) {
      return { kind: 'refused', permanent: false, reason: `The conference could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (!conference) return this.simulator.send(message);
    await this.outbox.record(message.tenantId, {
      _id: message.deliveryId,
      session_id: message.sessionId,
      channel: message.channel,
      address: message.address,
      subject: null,
      content: conference.liveMessage,
      sent_at: new Date().toISOString(),
    });
    const providerMessageId = `sim-${message.deliveryId}`;
    const report = () => void this.report(message, providerMessageId).catch(() => undefined);
    if (this.options.latencyMs > 0) setTimeout(report, this.options.latencyMs).unref();
    else report();
    return { kind: 'accepted', providerMessageId };
  }

  async lookup(message: OutgoingMessage): Promise<LookupOutcome> {
    const conference = await this.conferences(message.sessionId);
    if (!conference) return this.simulator.lookup ? this.simulator.lookup(message) : { kind: 'not-found' };
    const found = await this.outbox.find(message.tenantId, message.deliveryId);
    if (!found) return { kind: 'not-found' };
    // Its answer may have been lost with the worker that sent it: answered again (a repeated report changes nothing).
    void this.report(message, `sim-${message.deliveryId}`).catch(() => undefined);
    return { kind: 'found', providerMessageId: `sim-${message.deliveryId}` };
  }

  private async report(message: OutgoingMessage, providerMessageId: string): Promise<void> {
    const base = { deliveryId: message.deliveryId, providerMessageId, at: new Date().toISOString() };
    switch (simulatedConferenceAnswer(message.deliveryId, this.options.failureRate)) {
      case 'failed':
        return this.reports(message, { ...base, status: 'failed', reason: 'Simulated failure: no one answered the call.' });
      case 'joined':
        await this.reports(message, { ...base, status: 'replied', reply: CONFERENCE_JOIN_DIGIT });
        return this.recordings(message.tenantId, message.sessionId);
      case 'declined':
        return this.reports(message, { ...base, status: 'replied', reply: CONFERENCE_DECLINE_DIGIT });
      case 'machine':
        return this.reports(message, { ...base, status: 'delivered' });
    }
  }
}
