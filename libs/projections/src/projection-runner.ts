import { LIVE_UPDATES_TOPIC, type LiveUpdate } from '@beacon/contracts';
import type { EventStore, RecordedEvent, Subscription } from '@beacon/event-store';
import { ReadStoreUnavailableError, type Document, type DocumentChange, type ProjectedEvent, type ReadStore } from '@beacon/read-store';
import type { Bus } from '@beacon/bus';
import { replayedLiveUpdates } from './current-documents';
import { ParkedEvents, type ParkedEventDocument } from './parked-events';
import { liveUpdatesFor, type ProjectionDefinition } from './projection';
import { ProjectionLeases, type LeaseSettings } from './projection-leases';
import { WrittenDocuments } from './written-documents';

export interface ProjectionRunnerOptions {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly projections: readonly ProjectionDefinition[];
  /**
   * Collections of state the write side keeps in the read store (credentials, token owners, outboxes):
   * no read model, so no projection may own one (refused at construction, so a rebuild never drops one)
   * or write one (the event is parked instead).
   */
  readonly writeSideCollections?: ReadonlySet<string>;
  /** Where live updates go after each applied batch; none when absent (e.g. a rebuild). */
  readonly bus?: Bus;
  readonly maxBatchSize?: number;
  /** A store could not be reached: reported, and the runner tries again on its next tick. */
  readonly onError?: (error: unknown) => void;
  /** Told of each event a projection could not apply, once it is parked. */
  readonly onParked?: (parked: ParkedEventDocument, event: RecordedEvent) => Promise<void> | void;
  /** With several query nodes: a projection runs only on the node holding its lease. Absent: this runner runs them all. */
  readonly lease?: LeaseSettings;
  /** How often leases are renewed and sought, retries picked up and other nodes' progress read. */
  readonly tickMs?: number;
  readonly now?: () => number;
  /** Awaited before each batch is applied: a background runner gives way to the others here. */
  readonly yieldTo?: () => Promise<void>;
}

/** The longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const DEFAULT_TICK_MS = 2_000;
/** How often a read waiting for another node's projections looks at their checkpoints. */
const FOREIGN_POLL_MS = 50;

interface Waiter {
  readonly position: number;
  readonly resolve: (reached: boolean) => void;
}

/** A failure of the store itself, as opposed to one event that a projection cannot apply. */
const isUnavailable = (error: unknown) => error instanceof ReadStoreUnavailableError;

/** A projection owning a write-side collection would drop it on a rebuild: refused outright. */
function refuseWriteSideOwners(projections: readonly ProjectionDefinition[], writeSide: ReadonlySet<string> | undefined): void {
  for (const projection of projections) {
    const owned = projection.collections.find((collection) => writeSide?.has(collection));
    if (owned) throw new Error(`Projection ${projection.name} may not own ${owned}: it is write-side state, not a read model`);
  }
}

/**
 * Runs projections over the global event order. Each projection has its own checkpoint: one
 * subscription from the lowest checkpoint feeds every projection this node runs, and the read
 * store skips what a projection already has. An event that a projection cannot apply is parked
 * (recorded with its error, retryable) and that projection goes on with the next; other
 * projections and other tenants never wait for it. After each batch the runner publishes the live
 * updates its projections built. Callers can wait until a position is applied (read-your-writes).
 *
 * With leases, one node at a time runs a given projection; the others read its checkpoint to know
 * where the read models stand, and take the projection over when its holder stops renewing.
 */
export class ProjectionRunner {
  private readonly byName: ReadonlyMap<string, ProjectionDefinition>;
  private readonly checkpoints = new Map<string, number>();
  private readonly held = new Set<string>();
  private readonly parked: ParkedEvents;
  private readonly leases: ProjectionLeases | null;
  private readonly now: () => number;
  private subscription: Subscription | null = null;
  private running = false;
  private tickTimer: NodeJS.Timeout | null = null;
  private foreignTimer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private exclusiveTail: Promise<unknown> = Promise.resolve();
  private waiters: Waiter[] = [];

  constructor(private readonly options: ProjectionRunnerOptions) {
    refuseWriteSideOwners(options.projections, options.writeSideCollections);
    this.byName = new Map(options.projections.map((projection) => [projection.name, projection]));
    this.parked = new ParkedEvents(options.readStore);
    this.now = options.now ?? Date.now;
    this.leases = options.lease ? new ProjectionLeases(options.readStore, options.lease, this.now) : null;
  }

  /** Position up to which every projection has applied the event history (on whichever node runs it). */
  get position(): number {
    let lowest = Infinity;
    for (const projection of this.options.projections) lowest = Math.min(lowest, this.checkpoints.get(projection.name) ?? 0);
    return lowest === Infinity ? 0 : lowest;
  }

  /** Names of the projections this runner applies now. */
  get runningProjections(): string[] {
    return this.options.projections.filter((projection) => this.held.has(projection.name)).map((projection) => projection.name);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.readCheckpoints(this.options.projections.map((projection) => projection.name));
    await this.tick();
    this.tickTimer = setInterval(() => void this.tick(), this.options.tickMs ?? DEFAULT_TICK_MS);
    this.tickTimer.unref();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
    this.stopForeignPolling();
    await this.ticking;
    await this.unsubscribe();
    if (this.leases) {
      const leases = this.leases;
      await Promise.all([...this.held].map((name) => leases.release(name).catch(() => undefined)));
    }
    this.held.clear();
    for (const waiter of this.waiters.splice(0)) waiter.resolve(this.position >= waiter.position);
  }

  /** Resolves true once `position` is applied, false if `timeoutMs` passes first. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
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
      this.startForeignPolling();
    });
  }

  /** Runs the periodic work now (leases, retries, resubscribing) instead of at the next tick. */
  nudge(): Promise<void> {
    return this.tick();
  }

  /** Drops a read model and replays the whole history into it; resolves once it has reached the head. */
  async rebuild(projectionName: string): Promise<void> {
    const projection = this.byName.get(projectionName);
    if (!projection) throw new Error(`Unknown projection: ${projectionName}`);
    const wasRunning = this.running;
    await this.stop();
    await this.options.readStore.resetProjection(projection.name, projection.collections);
    await this.parked.clear(projection.name);
    this.checkpoints.set(projection.name, 0);
    await this.catchUp();
    if (!wasRunning) await this.stop();
  }

  /** Starts (if needed) and resolves once every event up to the store's current head is applied. */
  async catchUp(): Promise<void> {
    const head = await this.options.eventStore.headPosition();
    if (!this.running) await this.start();
    await this.waitFor(head, MAX_TIMER_MS);
  }

  /** One tick at a time; a tick that fails is reported and the next one tries again. */
  private tick(): Promise<void> {
    if (!this.running) return Promise.resolve();
    this.ticking ??= this.runTick()
      .catch((error: unknown) => (this.options.onError ?? console.error)(error))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    const gained = await this.claimProjections();
    if (!this.running) return;
    if (gained || !this.subscription) await this.resubscribe();
    await this.exclusive(() => this.retryRequested());
    if (this.held.size < this.options.projections.length) await this.readForeignCheckpoints();
  }

  /** Renews the leases held and seeks the others; true when this node now runs a projection it did not. */
  private async claimProjections(): Promise<boolean> {
    const names = this.options.projections.map((projection) => projection.name);
    if (!this.leases) {
      const gained = names.some((name) => !this.held.has(name));
      names.forEach((name) => this.held.add(name));
      return gained;
    }
    let gained = false;
    for (const name of names) {
      const holds = await this.leases.acquire(name);
      if (holds && !this.held.has(name)) {
        gained = true;
        // Another node ran it until now: start from where that node got to.
        await this.readCheckpoints([name]);
        this.held.add(name);
      } else if (!holds) {
        this.held.delete(name);
      }
    }
    return gained;
  }

  private async resubscribe(): Promise<void> {
    await this.unsubscribe();
    if (!this.running || this.held.size === 0) return;
    const from = Math.min(...[...this.held].map((name) => this.checkpoints.get(name) ?? 0));
    const subscription = this.options.eventStore.subscribeToAll(
      { fromPosition: from, maxBatchSize: this.options.maxBatchSize ?? 500 },
      (events) => this.exclusive(() => this.applyBatch(events)),
    );
    this.subscription = subscription;
    subscription.done.catch((error: unknown) => {
      if (this.subscription !== subscription) return;
      // The store failed under us: the next tick subscribes again from the checkpoints.
      this.subscription = null;
      (this.options.onError ?? console.error)(error);
    });
  }

  private async unsubscribe(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop().catch(() => undefined);
  }

  /** Batches and retries run one at a time, in the order they came. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.exclusiveTail.then(work);
    this.exclusiveTail = result.catch(() => undefined);
    return result;
  }

  private async applyBatch(events: readonly RecordedEvent[]): Promise<void> {
    if (!events.length) return;
    if (this.options.yieldTo) await this.options.yieldTo();
    const { bus } = this.options;
    // Live updates may be built from what the changes wrote, so note it when someone listens.
    const written = bus ? new WrittenDocuments() : null;
    const running = this.options.projections.filter((projection) => this.held.has(projection.name));
    const parked = new Set<string>();
    for (const projection of running) {
      await this.applyToProjection(projection, events, written, (position) => parked.add(`${projection.name}@${position}`));
    }
    if (bus && written) {
      const updates: LiveUpdate[] = [];
      for (const event of events) {
        const documentsOf = await written.of(this.options.readStore, event);
        for (const projection of running) {
          if (parked.has(`${projection.name}@${event.position}`)) continue;
          updates.push(...this.liveUpdates(projection, event, documentsOf(projection)));
        }
      }
      await this.publishLiveUpdates(bus, updates);
    }
    this.releaseWaiters();
  }

  /**
   * Applies the batch to one projection in one go; if that fails, event by event, parking each
   * event that fails on its own. A failure of the store itself is no event's fault: it is thrown,
   * and the batch is applied again once the store answers.
   */
  private async applyToProjection(
    projection: ProjectionDefinition,
    events: readonly RecordedEvent[],
    written: WrittenDocuments | null,
    onParked: (position: number) => void,
  ): Promise<void> {
    const from = this.checkpoints.get(projection.name) ?? 0;
    const pending = events.filter((event) => event.position > from);
    if (written && projection.liveUpdate) this.watchApplied(projection, events.filter((event) => event.position <= from), written);
    if (!pending.length) return;
    const projected: { event: RecordedEvent; projected: ProjectedEvent | null; error?: unknown }[] = pending.map((event) => {
      try {
        const changes = this.changesOf(projection, event);
        const watched = written && projection.liveUpdate ? written.watch(projection, event, changes) : changes;
        return { event, projected: { position: event.position, changes: watched } };
      } catch (error) {
        return { event, projected: null, error };
      }
    });
    const { readStore } = this.options;
    if (projected.every((item) => item.projected)) {
      try {
        await readStore.applyProjectionBatch(projection.name, projected.map((item) => item.projected as ProjectedEvent));
        this.advance(projection.name, pending[pending.length - 1]!.position);
        return;
      } catch (error) {
        if (isUnavailable(error)) throw error;
      }
    }
    for (const item of projected) {
      let failure = item.error;
      if (item.projected) {
        try {
          await readStore.applyProjectionBatch(projection.name, [item.projected]);
          this.advance(projection.name, item.event.position);
          continue;
        } catch (error) {
          if (isUnavailable(error)) throw error;
          failure = error;
        }
      }
      await this.park(projection, item.event, failure);
      written?.forget(projection, item.event.position);
      onParked(item.event.position);
    }
  }

  /**
   * Events the projection applied before (a replay after a restart or a takeover) still get their
   * live updates, built from the documents as they now stand: a console may have missed them.
   */
  private watchApplied(projection: ProjectionDefinition, applied: readonly RecordedEvent[], written: WrittenDocuments): void {
    for (const event of applied) {
      try {
        written.watch(projection, event, projection.project(event));
      } catch {
        // An event this projection parked earlier: it has no documents to show.
      }
    }
  }

  /** The event's changes; one to write-side state throws, so the event is parked and the state left as it is. */
  private changesOf(projection: ProjectionDefinition, event: RecordedEvent): DocumentChange[] {
    const changes = projection.project(event);
    const writeSide = this.options.writeSideCollections;
    const refused = writeSide && changes.find((change) => writeSide.has(change.collection));
    if (refused) throw new Error(`Projection ${projection.name} may not write ${refused.collection}: it is write-side state, not a read model`);
    return changes;
  }

  /**
   * Records the event as parked, then moves the projection past it. In that order: a store that
   * fails meanwhile leaves the event to be tried again, never skipped without a record.
   */
  private async park(projection: ProjectionDefinition, event: RecordedEvent, error: unknown): Promise<void> {
    const document = await this.parked.park(projection.name, event, error, new Date(this.now()));
    await this.options.readStore.applyProjectionBatch(projection.name, [{ position: event.position, changes: [] }]);
    this.advance(projection.name, event.position);
    try {
      await this.options.onParked?.(document, event);
    } catch (error) {
      // Telling of it is best effort: the event is parked and listed whatever happens here.
      (this.options.onError ?? console.error)(error);
    }
  }

  /** Retries the parked events admins asked for, of the projections this node runs. */
  private async retryRequested(): Promise<void> {
    const requested = await this.parked.retriesRequested([...this.held]);
    for (const parked of requested) {
      const projection = this.byName.get(parked.projection);
      if (!projection || !this.held.has(projection.name)) continue;
      const [event] = await this.options.eventStore.readAll({ fromPosition: parked.position - 1, maxCount: 1 });
      if (!event || event.position !== parked.position) {
        await this.parked.resolve(parked._id);
        continue;
      }
      try {
        await this.options.readStore.reapplyEvent({ position: event.position, changes: this.changesOf(projection, event) });
      } catch (error) {
        if (isUnavailable(error)) throw error;
        await this.parked.park(projection.name, event, error, new Date(this.now()));
        continue;
      }
      await this.parked.resolve(parked._id);
      if (this.options.bus) await this.publishLiveUpdates(this.options.bus, await replayedLiveUpdates(this.options.readStore, [projection], event));
    }
  }

  /** A projection whose live update throws still applied the event: the update is left out, nothing more. */
  private liveUpdates(projection: ProjectionDefinition, event: RecordedEvent, documents: readonly Document[]): LiveUpdate[] {
    try {
      return liveUpdatesFor([projection], event, () => documents);
    } catch (error) {
      (this.options.onError ?? console.error)(error);
      return [];
    }
  }

  private advance(projection: string, position: number): void {
    if (position > (this.checkpoints.get(projection) ?? 0)) this.checkpoints.set(projection, position);
  }

  private async readCheckpoints(names: readonly string[]): Promise<void> {
    for (const name of names) this.advance(name, await this.options.readStore.getCheckpoint(name));
  }

  /** Where the projections other nodes run have got to. */
  private async readForeignCheckpoints(): Promise<void> {
    await this.readCheckpoints(this.options.projections.map((projection) => projection.name).filter((name) => !this.held.has(name)));
    this.releaseWaiters();
  }

  private startForeignPolling(): void {
    if (this.foreignTimer || this.held.size === this.options.projections.length) return;
    this.foreignTimer = setInterval(() => {
      if (!this.waiters.length) return this.stopForeignPolling();
      this.readForeignCheckpoints().catch((error: unknown) => (this.options.onError ?? console.error)(error));
    }, FOREIGN_POLL_MS);
    this.foreignTimer.unref();
  }

  private stopForeignPolling(): void {
    if (this.foreignTimer) clearInterval(this.foreignTimer);
    this.foreignTimer = null;
  }

  private async publishLiveUpdates(bus: Bus, updates: LiveUpdate[]): Promise<void> {
    if (!updates.length) return;
    await bus.publishBatch(
      LIVE_UPDATES_TOPIC,
      updates.map((update) => ({ key: update.tenantId, value: update })),
    );
  }

  private releaseWaiters(): void {
    const position = this.position;
    const ready = this.waiters.filter((w) => w.position <= position);
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const waiter of ready) waiter.resolve(true);
  }
}
