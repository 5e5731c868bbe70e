import { dispatchDecider, dispatchStream, type DispatchCommand, type DispatchEvent, type DispatchOutcome } from '@beacon/domain';
import type { CommandExecutor } from '@beacon/platform';
import type { DispatchJob } from './dispatch-job';

interface Waiting<T> {
  readonly items: readonly T[];
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
  /** Runs synchronously the moment the append holding these items is durable. */
  readonly onDurable?: (() => void) | undefined;
}

/** What is waiting for the next append of one kind: joined into one command when its turn comes. */
class Pending<T> {
  private waiting: Waiting<T>[] = [];
  queued = false;

  add(items: readonly T[], onDurable?: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => this.waiting.push({ items, resolve, reject, onDurable }));
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

  /**
   * Resolves once the handover of this delivery is recorded (see DispatchesHandedOver). `onDurable`
   * runs synchronously the moment the record is on disk, before any continuation queued meanwhile:
   * the provider lets the message go there, so that a crash finds it either unrecorded and never
   * sent, or recorded and already on its way.
   */
  handOver(deliveryId: string, onDurable?: () => void): Promise<void> {
    const done = this.handovers.add([deliveryId], onDurable);
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
        const onCommitted = () => {
          for (const waiting of taken) waiting.onDurable?.();
        };
        await this.append(commandOf(taken.flatMap((waiting) => [...waiting.items])), onCommitted);
        for (const waiting of taken) waiting.resolve();
      } catch (error) {
        for (const waiting of taken) waiting.reject(error);
      }
    });
  }

  private async append(command: DispatchCommand, onCommitted?: () => void): Promise<DispatchEvent[]> {
    const context = { tenantId: this.job.tenantId, actorUserId: null, correlationId: this.job.sessionId, acceptedAt: new Date() };
    const stream = dispatchStream(this.job.sessionId, this.job.page, this.partition);
    const outcome = await this.executor.execute(stream, dispatchDecider, command, context, onCommitted ? { onCommitted } : {});
    return outcome.events;
  }
}
