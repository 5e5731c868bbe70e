import { LIVE_UPDATES_TOPIC, type LiveUpdate } from '@beacon/contracts';
import type { EventStore, RecordedEvent, Subscription } from '@beacon/event-store';
import type { ReadStore } from '@beacon/read-store';
import type { Bus } from '@beacon/bus';
import { liveUpdatesFor, type ProjectionDefinition } from './projection';
import { WrittenDocuments } from './written-documents';

export interface ProjectionRunnerOptions {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly projections: readonly ProjectionDefinition[];
  /** Where live updates go after each applied batch; none when absent (e.g. a rebuild). */
  readonly bus?: Bus;
  readonly maxBatchSize?: number;
  readonly onError?: (error: unknown) => void;
}

/** The longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Waiter {
  readonly position: number;
  readonly resolve: (reached: boolean) => void;
}

/**
 * Subscribes to the global order from the lowest projection checkpoint, applies each batch to every
 * projection (the read store skips what a projection already has), then publishes the batch's live
 * updates, each built from the event and the documents its projection's changes wrote. Callers can
 * wait until a position is applied (read-your-writes).
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private applied = 0;
  private waiters: Waiter[] = [];

  constructor(private readonly options: ProjectionRunnerOptions) {}

  /** Position up to which every projection has applied the event history. */
  get position(): number {
    return this.applied;
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    const checkpoints = await Promise.all(this.options.projections.map((p) => this.options.readStore.getCheckpoint(p.name)));
    this.applied = checkpoints.length ? Math.min(...checkpoints) : 0;
    this.subscription = this.options.eventStore.subscribeToAll(
      { fromPosition: this.applied, maxBatchSize: this.options.maxBatchSize ?? 500 },
      (events) => this.applyBatch(events),
    );
    this.subscription.done.catch((error: unknown) => {
      this.subscription = null;
      (this.options.onError ?? console.error)(error);
    });
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    for (const waiter of this.waiters.splice(0)) waiter.resolve(this.applied >= waiter.position);
  }

  /** Resolves true once `position` is applied, false if `timeoutMs` passes first. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.applied >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Drops a read model and replays the whole history into it; resolves once it has reached the head. */
  async rebuild(projectionName: string): Promise<void> {
    const projection = this.options.projections.find((p) => p.name === projectionName);
    if (!projection) throw new Error(`Unknown projection: ${projectionName}`);
    const wasRunning = this.subscription !== null;
    await this.stop();
    await this.options.readStore.resetProjection(projection.name, projection.collections);
    await this.catchUp();
    if (!wasRunning) await this.stop();
  }

  /** Starts (if needed) and resolves once every event up to the store's current head is applied. */
  async catchUp(): Promise<void> {
    const head = await this.options.eventStore.headPosition();
    if (!this.subscription) await this.start();
    await this.waitFor(head, MAX_TIMER_MS);
  }

  private async applyBatch(events: readonly RecordedEvent[]): Promise<void> {
    if (!events.length) return;
    const { readStore, projections, bus } = this.options;
    // Live updates may be built from what the changes wrote, so note it when someone listens.
    const written = bus ? new WrittenDocuments() : null;
    for (const projection of projections) {
      await readStore.applyProjectionBatch(
        projection.name,
        events.map((event) => {
          const changes = projection.project(event);
          return { position: event.position, changes: written && projection.liveUpdate ? written.watch(projection, event, changes) : changes };
        }),
      );
    }
    this.applied = events[events.length - 1]!.position;
    if (bus && written) {
      const updates: LiveUpdate[] = [];
      for (const event of events) updates.push(...liveUpdatesFor(projections, event, await written.of(readStore, event)));
      await this.publishLiveUpdates(bus, updates);
    }
    this.releaseWaiters();
  }

  private async publishLiveUpdates(bus: Bus, updates: LiveUpdate[]): Promise<void> {
    if (!updates.length) return;
    await bus.publishBatch(
      LIVE_UPDATES_TOPIC,
      updates.map((update) => ({ key: update.tenantId, value: update })),
    );
  }

  private releaseWaiters(): void {
    const ready = this.waiters.filter((w) => w.position <= this.applied);
    this.waiters = this.waiters.filter((w) => w.position > this.applied);
    for (const waiter of ready) waiter.resolve(true);
  }
}
