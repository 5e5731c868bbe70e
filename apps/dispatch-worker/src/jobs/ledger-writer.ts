import { dispatchDecider, dispatchStream, type DispatchCommand, type DispatchEvent, type DispatchOutcome } from '@beacon/domain';
import type { CommandExecutor } from '@beacon/platform';
import type { DispatchJob } from './dispatch-job';

interface Waiting<T> {
  readonly items: readonly T[];
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** What is waiting for the next append of one kind: joined into one command when its turn comes. */
class Pending<T> {
  private waiting: Waiting<T>[] = [];
  queued = false;

  add(items: readonly T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => this.waiting.push({ items, resolve, reject }));
  }

  take(): Waiting<T>[] {
    const taken = this.waiting;
    this.waiting = [];
    this.queued = false;
    return taken;
  }
}

/**
 * The appends of one worker to one ledger stream (a session's page in one bus partition), one at a
 * time so they never race each other. Handovers and outcomes that come in while an append runs are
 * joined into the next one (a group commit): each send is recorded as soon as it is answered, at the
 * cost of one append per moment rather than one per delivery. A failed append fails every caller it
 * held, and the batch goes back to the bus.
 */
export class LedgerWriter {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly handovers = new Pending<string>();
  private readonly outcomes = new Pending<DispatchOutcome>();

  constructor(
    private readonly executor: CommandExecutor,
    private readonly job: DispatchJob,
    readonly partition: number,
    private readonly workerId: string,
  ) {}

  /** One command, after every append already asked for. */
  run(command: DispatchCommand): Promise<DispatchEvent[]> {
    const result = this.tail.then(() => this.append(command));
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once the handover of this delivery is recorded (see DispatchesHandedOver). */
  handOver(deliveryId: string): Promise<void> {
    const done = this.handovers.add([deliveryId]);
    this.queue(this.handovers, (ids) => ({ type: 'RecordHandovers', data: { workerId: this.workerId, at: new Date().toISOString(), deliveryIds: ids } }));
    return done;
  }

  /** Resolves once these answers are recorded. */
  record(outcomes: readonly DispatchOutcome[]): Promise<void> {
    if (!outcomes.length) return Promise.resolve();
    const done = this.outcomes.add(outcomes);
    this.queue(this.outcomes, (items) => ({ type: 'RecordDispatchOutcomes', data: { workerId: this.workerId, at: new Date().toISOString(), outcomes: items } }));
    return done;
  }

  private queue<T>(pending: Pending<T>, commandOf: (items: T[]) => DispatchCommand): void {
    if (pending.queued) return;
    pending.queued = true;
    this.tail = this.tail.then(async () => {
      const taken = pending.take();
      try {
        await this.append(commandOf(taken.flatMap((waiting) => [...waiting.items])));
        for (const waiting of taken) waiting.resolve();
      } catch (error) {
        for (const waiting of taken) waiting.reject(error);
      }
    });
  }

  private async append(command: DispatchCommand): Promise<DispatchEvent[]> {
    const outcome = await this.executor.execute(dispatchStream(this.job.sessionId, this.job.page, this.partition), dispatchDecider, command, {
      tenantId: this.job.tenantId,
      actorUserId: null,
      correlationId: this.job.sessionId,
      acceptedAt: new Date(),
    });
    return outcome.events;
  }
}
