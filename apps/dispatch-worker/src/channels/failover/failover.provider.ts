import type { ChannelProvider, FailoverDecision, LookupOutcome, OutgoingMessage, SendHooks, SendOutcome } from '../channel-provider';
import { CircuitBreaker, type CircuitBreakerOptions, type CircuitState } from './circuit-breaker';
import { failoverMessageIdOf } from './failover-message-id';

export interface FailoverOptions {
  /** The first provider's circuit (defaults: CIRCUIT_DEFAULTS). */
  readonly circuit?: Partial<CircuitBreakerOptions>;
  /** Told when the first provider's circuit opens, probes or closes (the worker logs it). */
  readonly onCircuitChange?: (state: CircuitState, why: string) => void;
}

/** A send the first provider failed: refused for now (or not reached), or no answer. Its circuit counts these. */
const failed = (outcome: SendOutcome) => outcome.kind === 'unknown' || (outcome.kind === 'refused' && !outcome.permanent);

/**
 * One channel's two providers: the first sends, and its failover provider takes the message when the
 * first refused it for now or could not be reached (the message surely never left), or when the first
 * failed too many of its recent sends (its circuit is open: circuit-breaker.ts). Never after an
 * unknown answer: the first may have the message, and a second copy would reach the person twice. A
 * permanent refusal (a bad address) or a throttle is the answer, as it would be from any provider.
 * Each send that went to the failover provider carries the decision (`failover`), and its id is marked
 * (failover-message-id.ts). Outcomes name the first provider (`name`); the decision names the other.
 */
export class FailoverProvider implements ChannelProvider {
  readonly name: string;
  readonly channels: ChannelProvider['channels'];
  readonly reportsDelivery?: boolean;
  /** Only when both announce their handover: a delivery without the record then reached neither. */
  readonly announcesHandover?: boolean;
  /**
   * Asks the first provider, then the failover one: a delivery in doubt names neither (the worker may
   * have stopped between the first's refusal and the failover send), so both are asked. Only when both
   * can be asked: "not found" at one of them alone could send a message twice.
   */
  readonly lookup?: (message: OutgoingMessage) => Promise<LookupOutcome>;
  /** What the failover decisions name the failover provider as: `<its name>-failover`. */
  readonly failoverName: string;
  readonly circuit: CircuitBreaker;

  constructor(
    private readonly primary: ChannelProvider,
    private readonly secondary: ChannelProvider,
    options: FailoverOptions = {},
  ) {
    const missing = primary.channels.filter((channel) => !secondary.channels.includes(channel));
    if (missing.length) throw new Error(`The failover provider ${secondary.name} does not send ${missing.join(', ')}`);
    if (Boolean(primary.reportsDelivery) !== Boolean(secondary.reportsDelivery)) {
      throw new Error(`${primary.name} and its failover ${secondary.name} must both report delivery, or neither: an acceptance must mean the same from both`);
    }
    this.name = primary.name;
    this.channels = primary.channels;
    this.failoverName = `${secondary.name}-failover`;
    if (primary.reportsDelivery !== undefined) this.reportsDelivery = primary.reportsDelivery;
    if (primary.announcesHandover && secondary.announcesHandover) this.announcesHandover = true;
    if (primary.lookup && secondary.lookup) this.lookup = (message) => this.lookupBoth(message);
    this.circuit = new CircuitBreaker(options.circuit, options.onCircuitChange);
  }

  /** The worker's handover hooks go to whichever provider is called (each announces its own handover). */
  async send(message: OutgoingMessage, hooks?: SendHooks): Promise<SendOutcome> {
    const permit = this.circuit.permit();
    if (permit.kind === 'rested') return this.viaFailover(message, hooks, 'circuit-open', `${this.primary.name} is rested: ${permit.why}`);
    let outcome: SendOutcome;
    try {
      outcome = await this.primary.send(message, hooks);
    } catch (error) {
      this.circuit.failed(permit);
      throw error;
    }
    if (failed(outcome)) this.circuit.failed(permit);
    else this.circuit.succeeded(permit);
    if (outcome.kind === 'refused' && !outcome.permanent) return this.viaFailover(message, hooks, 'refused', `${this.primary.name} did not take it: ${outcome.reason}`);
    return outcome;
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close?.(), this.secondary.close?.()]);
  }

  private async viaFailover(message: OutgoingMessage, hooks: SendHooks | undefined, cause: FailoverDecision['cause'], reason: string): Promise<SendOutcome> {
    const failover: FailoverDecision = { from: this.primary.name, to: this.failoverName, cause, reason };
    const outcome = await this.secondary.send(message, hooks);
    return outcome.kind === 'accepted' ? { ...outcome, providerMessageId: failoverMessageIdOf(outcome.providerMessageId), failover } : { ...outcome, failover };
  }

  private async lookupBoth(message: OutgoingMessage): Promise<LookupOutcome> {
    const first = await this.primary.lookup!(message);
    if (first.kind === 'found') return first;
    const second = await this.secondary.lookup!(message);
    return second.kind === 'found' ? { kind: 'found', providerMessageId: failoverMessageIdOf(second.providerMessageId) } : second;
  }
}
