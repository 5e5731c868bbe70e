import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deliveryStatusAfter, type DeliveryStatus } from '@beacon/domain';
import { skipAtRuntime } from '@beacon/testing';
import type { ChannelProvider, DeliveryReport, OutgoingMessage, ReportedStatus } from '../channel-provider';

/**
 * What a provider's test harness gives the contract: the provider pointed at a local server the
 * test runs (SMTP, a fake Twilio, an HTTP endpoint, a fake push service), and handles on that server.
 */
export interface ProviderHarness {
  readonly provider: ChannelProvider;
  /** A message this provider can send (its channel, a valid address), with the given delivery id. */
  message(deliveryId: string): OutgoingMessage;
  /** The next send is refused by the server: permanently (bad address, 5xx) or temporarily (4xx, 503). */
  refuseNext(permanent: boolean): void;
  /** The next send reaches the server, which never answers: the provider must give up within `timeoutMs`. */
  hangNext(): void;
  /** The next send is answered "slow down" (429, SMTP 421). */
  throttleNext(): void;
  /** How many messages with this delivery id the server received (however it answered). */
  received(deliveryId: string): Promise<number>;
  /**
   * Has the server report these statuses, in this order, for a message it accepted, and answers the
   * reports as the provider's callback parsing turned them into ours. Absent for providers that have
   * no reports (webhooks answer at once).
   */
  report?(accepted: { deliveryId: string; providerMessageId: string }, statuses: readonly ReportedStatus[]): Promise<DeliveryReport[]>;
  /** The provider gives up on a silent server after this long (the contract waits a little more). */
  readonly timeoutMs: number;
  close(): Promise<void>;
}

const fold = (reports: readonly DeliveryReport[]): DeliveryStatus => deliveryStatusAfter(reports.map((report) => report.status), 'submitted');

/** The contract every channel provider passes (ARCHITECTURE.md, "Sending"). */
export function channelProviderContract(name: string, harnessOf: () => Promise<ProviderHarness>): void {
  describe(`${name} provider contract`, () => {
    let harness: ProviderHarness;
    let n = 0;
    const nextId = () => `contract-${name.replace(/\W+/g, '-')}-${++n}`;

    beforeAll(async () => {
      harness = await harnessOf();
    });

    afterAll(async () => {
      await harness?.close();
    });

    it('accepted: the server receives the message once and the outcome names the provider’s id', async () => {
      const id = nextId();
      const outcome = await harness.provider.send(harness.message(id));
      expect(outcome).toEqual({ kind: 'accepted', providerMessageId: expect.any(String) });
      expect(await harness.received(id)).toBe(1);
    });

    it('refused permanently: a refusal that retrying cannot cure, with the provider’s reason', async () => {
      const id = nextId();
      harness.refuseNext(true);
      const outcome = await harness.provider.send(harness.message(id));
      expect(outcome).toEqual(expect.objectContaining({ kind: 'refused', permanent: true, reason: expect.stringMatching(/\S/) }));
    });

    it('refused temporarily: a refusal to try again later', async () => {
      const id = nextId();
      harness.refuseNext(false);
      const outcome = await harness.provider.send(harness.message(id));
      expect(outcome).toEqual(expect.objectContaining({ kind: 'refused', permanent: false, reason: expect.stringMatching(/\S/) }));
    });

    it('throttled: "slow down" is a throttle with a delay, not a failure', async () => {
      const id = nextId();
      harness.throttleNext();
      const outcome = await harness.provider.send(harness.message(id));
      expect(outcome).toEqual(expect.objectContaining({ kind: 'throttled', retryAfterMs: expect.any(Number) }));
      if (outcome.kind === 'throttled') expect(outcome.retryAfterMs).toBeGreaterThan(0);
    });

    it('timed out after the request left: the outcome is unknown, never a failure or a success', async () => {
      const id = nextId();
      harness.hangNext();
      const started = Date.now();
      const outcome = await harness.provider.send(harness.message(id));
      expect(outcome).toEqual(expect.objectContaining({ kind: 'unknown', reason: expect.stringMatching(/\S/) }));
      expect(Date.now() - started).toBeLessThan(harness.timeoutMs + 2_000);
      expect(await harness.received(id)).toBe(1);
    });

    it('reports out of order: a late "sent" never moves "delivered" back', async () => {
      if (!harness.report) {
        return skipAtRuntime(`${name} has no delivery reports (its answer to the send is final)`);
      }
      const id = nextId();
      const outcome = await harness.provider.send(harness.message(id));
      if (outcome.kind !== 'accepted') throw new Error(`expected accepted, got ${outcome.kind}`);
      const reports = await harness.report({ deliveryId: id, providerMessageId: outcome.providerMessageId }, ['delivered', 'sent']);
      expect(reports.map((report) => [report.deliveryId, report.providerMessageId, report.status])).toEqual([
        [id, outcome.providerMessageId, 'delivered'],
        [id, outcome.providerMessageId, 'sent'],
      ]);
      expect(fold(reports)).toBe('delivered');
    });

    it('duplicate reports: the same status twice changes nothing the second time', async () => {
      if (!harness.report) {
        return skipAtRuntime(`${name} has no delivery reports (its answer to the send is final)`);
      }
      const id = nextId();
      const outcome = await harness.provider.send(harness.message(id));
      if (outcome.kind !== 'accepted') throw new Error(`expected accepted, got ${outcome.kind}`);
      const reports = await harness.report({ deliveryId: id, providerMessageId: outcome.providerMessageId }, ['sent', 'failed', 'failed']);
      expect(reports).toHaveLength(3);
      expect(reports[1]!.reason).toMatch(/\S/);
      expect(fold(reports)).toBe('failed');
      expect(fold(reports.slice(0, 2))).toBe(fold(reports));
    });
  });
}
