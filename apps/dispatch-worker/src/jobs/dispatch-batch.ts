import type { BusMessage } from '@beacon/bus';
import { nextAttemptId, type DispatchEvent, type DispatchOutcome } from '@beacon/domain';
import type { CommandExecutor } from '@beacon/platform';
import type { ChannelProvider, OutgoingMessage, SendOutcome } from '../channels/channel-provider';
import type { ChannelProviders } from '../channels/channel-providers';
import type { DispatchJob } from './dispatch-job';
import { FairSendSlots } from './fair-send-slots';
import { LedgerWriter } from './ledger-writer';
import { ProviderPacing } from './provider-pacing';

export interface DispatchSettings {
  readonly workerId: string;
  /** How long a claim holds before another worker may take the deliveries over (ms). */
  readonly leaseMs: number;
  /** Claims of one delivery without an answer before it is dead-lettered. */
  readonly maxClaims: number;
  /** Attempts of one delivery refused for now or throttled before it counts as failed. */
  readonly maxAttempts: number;
  /** Provider calls in flight at once per batch. */
  readonly concurrency: number;
}

export const attemptOf = (deliveryId: string) => Number(deliveryId.slice(deliveryId.lastIndexOf('.') + 1)) || 1;

const messageOf = (job: DispatchJob): OutgoingMessage => ({
  deliveryId: job.deliveryId,
  tenantId: job.tenantId,
  sessionId: job.sessionId,
  channel: job.channel,
  address: job.address,
  text: job.text,
  ...(job.subject === undefined ? {} : { subject: job.subject }),
  ...(job.from === undefined ? {} : { from: job.from }),
});

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** An unknown outcome of a provider that can neither be asked nor reports: nothing will settle it, so nothing waits for it. */
const finalIfUnsettleable = (provider: ChannelProvider): { final?: true } => (provider.lookup || provider.reportsDelivery ? {} : { final: true });

/** `items` in runs of `size`. */
const chunksOf = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * One batch of a bus partition's jobs: for each session and page in it, claim, call the providers,
 * record every answer, then queue the retries the answers call for. The ledger decides what may be
 * sent; this only carries it out. A throw hands the batch back to the bus, which delivers it again:
 * the ledger then answers each delivery once.
 *
 * How much is claimed at once depends on what a crash would leave in doubt:
 * - a provider that can be asked about a delivery (lookup): the whole page at once, answers recorded
 *   together (two appends per page); whatever a crash leaves claimed is looked up;
 * - one that cannot: only the sends about to go (`concurrency` at a time), each answer recorded as it
 *   comes, and the handover announced and recorded before the provider takes the message. A crash
 *   then leaves in doubt only the messages in flight, and tells those the provider surely never took
 *   (sent again) from those it most likely has (left unknown).
 */
export class DispatchBatch {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly providers: ChannelProviders,
    private readonly settings: DispatchSettings,
    private readonly requeue: (jobs: readonly DispatchJob[]) => Promise<void>,
    private readonly pacing = new ProviderPacing({}),
    private readonly slots = new FairSendSlots(256),
  ) {}

  async handle(messages: readonly BusMessage<DispatchJob>[]): Promise<void> {
    const byLedger = new Map<string, DispatchJob[]>();
    for (const { value } of messages) {
      const key = `${value.sessionId}/${value.page}`;
      const jobs = byLedger.get(key) ?? [];
      jobs.push(value);
      byLedger.set(key, jobs);
    }
    const partition = messages[0]?.partition ?? 0;
    for (const jobs of byLedger.values()) await this.handleSession(jobs, partition);
  }

  private async handleSession(jobs: readonly DispatchJob[], partition: number): Promise<void> {
    const ledger = new LedgerWriter(this.executor, jobs[0]!, partition, this.settings.workerId);
    const askable = jobs.filter((job) => this.providers.for(job.channel).lookup);
    const unaskable = jobs.filter((job) => !this.providers.for(job.channel).lookup);
    if (askable.length) await this.dispatch(ledger, askable, false);
    for (const chunk of chunksOf(unaskable, this.settings.concurrency)) await this.dispatch(ledger, chunk, true);
  }

  /** Claims `jobs`, settles those in doubt, sends the rest and records the answers (each at once, or all at the end). */
  private async dispatch(ledger: LedgerWriter, jobs: readonly DispatchJob[], recordEach: boolean): Promise<void> {
    const { workerId, leaseMs, maxClaims } = this.settings;
    const first = jobs[0]!;
    const byId = new Map(jobs.map((job) => [job.deliveryId, job]));
    const claimed = await ledger.run({
      type: 'ClaimDispatches',
      data: { sessionId: first.sessionId, partition: ledger.partition, workerId, now: new Date().toISOString(), leaseMs, maxClaims, deliveryIds: [...byId.keys()] },
    });
    const idsOf = (type: DispatchEvent['type']) => claimed.filter((event) => event.type === type).flatMap((event) => ('deliveryIds' in event.data ? event.data.deliveryIds : []));
    const toSend = idsOf('DispatchesClaimed').map((id) => byId.get(id)!);
    const handedOver = new Set(claimed.flatMap((event) => (event.type === 'DispatchesInDoubt' ? (event.data.handedOver ?? []) : [])));
    const inDoubt = idsOf('DispatchesInDoubt').map((id) => byId.get(id)!);

    const settled = await this.reconcile(ledger, inDoubt, handedOver);
    toSend.push(...settled.resend);
    await this.waitUntilDue(toSend);
    const recorded = recordEach ? ledger.record(settled.outcomes) : Promise.resolve();
    recorded.catch(() => undefined); // awaited below, after the sends; a failure is not to go unhandled meanwhile
    const sent = await inParallel(toSend, this.settings.concurrency, async (job) => {
      const outcome = await this.send(job, ledger);
      if (recordEach) await ledger.record([outcome]);
      return outcome;
    });
    await (recordEach ? recorded : ledger.record([...settled.outcomes, ...sent]));

    const retries = [...settled.outcomes, ...sent].flatMap((outcome) => {
      const job = byId.get(outcome.deliveryId);
      if (!job || !outcome.retryAs) return [];
      return [{ ...job, deliveryId: outcome.retryAs, notBefore: new Date(Date.now() + (outcome.retryAfterMs ?? 0)).toISOString() }];
    });
    if (retries.length) await this.requeue(retries);
  }

  /**
   * Deliveries in doubt. A provider that can be asked is asked whether it has them: found, its answer
   * is recorded as accepted; not found, they are claimed again and sent. One that cannot be asked but
   * announces its handover: those whose handover was never recorded never reached it and are sent
   * again; the others stay unknown. Any other provider leaves them unknown.
   */
  private async reconcile(ledger: LedgerWriter, inDoubt: readonly DispatchJob[], handedOver: ReadonlySet<string>): Promise<{ outcomes: DispatchOutcome[]; resend: DispatchJob[] }> {
    const outcomes: DispatchOutcome[] = [];
    const missing: DispatchJob[] = [];
    for (const job of inDoubt) {
      const provider = this.providers.for(job.channel);
      if (provider.lookup) {
        const found = await provider.lookup(messageOf(job));
        if (found.kind === 'found') outcomes.push({ ...this.acceptedBy(provider, found.providerMessageId, found.delivered === true), deliveryId: job.deliveryId, address: job.address, reconciled: true });
        else missing.push(job);
      } else if (provider.announcesHandover && !handedOver.has(job.deliveryId)) {
        missing.push(job);
      } else {
        outcomes.push({
          deliveryId: job.deliveryId,
          provider: provider.name,
          address: job.address,
          kind: 'unknown',
          ...finalIfUnsettleable(provider),
          reason: provider.announcesHandover
            ? 'The worker stopped as it handed the message over, and this provider cannot be asked whether it took it.'
            : 'The worker stopped while sending, and this provider cannot be asked whether it has the message.',
        });
      }
    }
    if (!missing.length) return { outcomes, resend: [] };
    const { workerId, maxClaims } = this.settings;
    const again = await ledger.run({ type: 'ReclaimDispatches', data: { workerId, now: new Date().toISOString(), maxClaims, deliveryIds: missing.map((job) => job.deliveryId) } });
    const reclaimed = new Set(again.flatMap((event) => (event.type === 'DispatchesClaimed' ? event.data.deliveryIds : [])));
    return { outcomes, resend: missing.filter((job) => reclaimed.has(job.deliveryId)) };
  }

  /** A retry's pause: the batch waits for the latest of its jobs (a throttled provider is to be left alone meanwhile). */
  private async waitUntilDue(jobs: readonly DispatchJob[]): Promise<void> {
    const due = Math.max(0, ...jobs.map((job) => (job.notBefore ? Date.parse(job.notBefore) : 0)));
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private acceptedBy(provider: ChannelProvider, providerMessageId: string, delivered = false): Omit<DispatchOutcome, 'deliveryId'> {
    return { provider: provider.name, kind: 'accepted', providerMessageId, awaitingReport: provider.reportsDelivery === true && !delivered };
  }

  private async send(job: DispatchJob, ledger: LedgerWriter): Promise<DispatchOutcome> {
    const provider = this.providers.for(job.channel);
    const message = messageOf(job);
    const pacedMs = await this.pacing.turn(provider.name, message);
    // After its turn under the pace, so a paced send never holds a slot another organisation could use.
    const release = await this.slots.acquire(job.tenantId, job.channel);
    let outcome: SendOutcome;
    try {
      outcome = await provider.send(message, { beforeHandover: (onRecorded) => ledger.handOver(job.deliveryId, onRecorded) });
    } catch (error) {
      // A provider that throws broke its contract: whether the message left is not known.
      outcome = { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
    } finally {
      release();
    }
    const base = {
      deliveryId: job.deliveryId,
      provider: provider.name,
      address: job.address,
      ...(pacedMs > 0 ? { pacedMs } : {}),
      ...(outcome.failover ? { failover: outcome.failover } : {}),
    };
    switch (outcome.kind) {
      case 'accepted':
        return { ...base, ...this.acceptedBy(provider, outcome.providerMessageId, outcome.delivered === true) };
      case 'unknown':
        return { ...base, kind: 'unknown', reason: outcome.reason, ...finalIfUnsettleable(provider) };
      case 'refused':
      case 'throttled': {
        const permanent = outcome.kind === 'refused' && outcome.permanent;
        const again = !permanent && attemptOf(job.deliveryId) < this.settings.maxAttempts;
        const retryAfterMs = outcome.kind === 'throttled' ? outcome.retryAfterMs : 5_000 * attemptOf(job.deliveryId);
        return {
          ...base,
          kind: outcome.kind,
          permanent,
          reason: outcome.reason,
          ...(outcome.kind === 'refused' && outcome.code ? { code: outcome.code } : {}),
          ...(again ? { retryAs: nextAttemptId(job.deliveryId), retryAfterMs } : {}),
        };
      }
    }
  }
}
