import {
  AllStreamRecordedEvent,
  AllStreamSubscription,
  AppendResult as EsdbAppendResult,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  ReadAllOptions as EsdbReadAllOptions,
  ReadStreamOptions as EsdbReadStreamOptions,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  AppendOptions,
  AppendResult,
  EventData,
  EventStore,
  EventStoreUnavailableError,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamNotFoundError,
  SubscribeToAllOptions,
  Subscription,
  SubscriptionHandler,
} from '../../event-store';
import { assertExpectedRevision } from '../../expected-revision';
import { assertDistinctEventIds, matchPriorAppend } from '../../idempotency';
import { SubscriptionRegistry } from '../../subscription/subscription-registry';
import { ChangeSignal } from '../../subscription/change-signal';
import {
  fromEsdbError,
  fromEsdbEvent,
  fromEsdbPosition,
  isSystemEvent,
  toEsdbEvent,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
} from './eventstoredb.mapping';

export interface EventStoreDbEventStoreOptions {
  /** Connection string, e.g. `esdb://localhost:2113?tls=false`. */
  readonly url: string;
  /** Fallback re-read interval for live subscriptions if the server's push notification is down; default 1 s. */
  readonly pollIntervalMs?: number;
}

const PAGE_SIZE = 1_000;

/**
 * The distributed event store over EventStoreDB (22.6 or later: stream reads must carry positions).
 * Idempotency follows the server: a retry is recognised when it carries its first attempt's expected revision
 * (with 'any', only while the server still remembers the first attempt's ids).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly changes = new ChangeSignal();
  private readonly subscriptions: SubscriptionRegistry;
  private readonly appendsInFlight = new Set<Promise<unknown>>();
  private watcher: AllStreamSubscription | undefined;
  private closed = false;
  private closing: Promise<void> | undefined;

  static connect(options: EventStoreDbEventStoreOptions): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(options.url), options.pollIntervalMs ?? 1_000);
  }

  private constructor(
    private readonly client: EventStoreDBClient,
    pollIntervalMs: number,
  ) {
    this.subscriptions = new SubscriptionRegistry(
      { readAfter: (position, maxCount) => this.readAfter(position, maxCount), changes: this.changes },
      pollIntervalMs,
    );
  }

  async appendToStream(streamName: string, events: readonly EventData[], options: AppendOptions = {}): Promise<AppendResult> {
    if (this.closed) throw new EventStoreUnavailableError('The event store is closed');
    const expected = options.expectedRevision ?? 'any';
    assertDistinctEventIds(streamName, events);
    const append = events.length === 0 ? this.appendNothing(streamName, expected) : this.append(streamName, events, expected);
    this.appendsInFlight.add(append);
    try {
      const result = await append;
      runCommittedHook(options, result);
      return result;
    } finally {
      this.appendsInFlight.delete(append);
    }
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.readStreamPage(streamName, { fromRevision: BigInt(options.fromRevision ?? 0), maxCount: options.maxCount });
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAfter(options.fromPosition ?? 0, options.maxCount ?? Number.POSITIVE_INFINITY);
  }

  /** The last event the port can see; system events, which the server writes all the time, do not count. */
  async headPosition(): Promise<number> {
    let fromPosition: EsdbReadAllOptions['fromPosition'] = END;
    for (;;) {
      const page = await this.readAllPage({ direction: BACKWARDS, fromPosition, maxCount: PAGE_SIZE });
      const last = page.find((event) => !isSystemEvent(event));
      if (last) return fromEsdbPosition(last.position);
      if (page.length < PAGE_SIZE) return 0;
      fromPosition = page[page.length - 1].position;
    }
  }

  /** Live delivery wakes on the server's push of new events, with a slow poll as a safety net. */
  subscribeToAll(options: SubscribeToAllOptions, handler: SubscriptionHandler): Subscription {
    if (this.closing) throw new EventStoreUnavailableError('The event store is closed');
    this.watchForAppends();
    return this.subscriptions.open(options, handler);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    // Handlers being stopped may still append; only then are new appends refused and the last ones awaited.
    await this.subscriptions.stopAll();
    this.closed = true;
    await Promise.allSettled([...this.appendsInFlight]);
    await this.watcher?.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }

  private async append(streamName: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(streamName, events.map(toEsdbEvent), {
        expectedRevision: toEsdbExpectedRevision(expected),
      });
    } catch (error) {
      // The server refuses some retries as conflicts (e.g. a partial match); decide them the way the port defines.
      const prior =
        error instanceof WrongExpectedVersionError
          ? await this.findPriorAppend(
              streamName,
              events.map(({ id }) => id),
            )
          : undefined;
      if (prior) return prior;
      throw fromEsdbError(error, expected);
    }
    this.changes.notify();
    return this.toAppendResult(streamName, result);
  }

  /** Zero events never reach the server, whose answer for them has no defined revision or position. */
  private async appendNothing(streamName: string, expected: ExpectedRevision): Promise<AppendResult> {
    const head = await this.streamHead(streamName);
    assertExpectedRevision(streamName, expected, head);
    return { nextExpectedRevision: head ?? -1, position: await this.headPosition() };
  }

  private async toAppendResult(streamName: string, result: EsdbAppendResult): Promise<AppendResult> {
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    const commit = result.position?.commit;
    if (commit !== undefined && commit <= BigInt(Number.MAX_SAFE_INTEGER)) {
      return { nextExpectedRevision, position: Number(commit) };
    }
    // The server answers a retry it recognised without a position: take it from the first attempt's last event.
    const [last] = await this.readStream(streamName, { fromRevision: nextExpectedRevision, maxCount: 1 });
    return { nextExpectedRevision, position: last.position };
  }

  private async findPriorAppend(streamName: string, eventIds: readonly string[]): Promise<AppendResult | undefined> {
    const stored = new Map((await this.readStream(streamName)).map((event) => [event.id, event]));
    return matchPriorAppend(
      streamName,
      eventIds,
      eventIds.map((id) => stored.get(id)),
    );
  }

  private async streamHead(streamName: string): Promise<number | undefined> {
    try {
      const [last] = await this.readStreamPage(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
      return last?.revision;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
  }

  private async readStreamPage(streamName: string, options: EsdbReadStreamOptions): Promise<RecordedEvent[]> {
    try {
      const events: RecordedEvent[] = [];
      for await (const resolved of this.client.readStream(streamName, options)) {
        if (resolved.event) events.push(fromEsdbEvent(resolved.event));
      }
      return events;
    } catch (error) {
      throw fromEsdbError(error);
    }
  }

  /** Events after `position` (exclusive); pages are refilled because system events are dropped from them. */
  private async readAfter(position: number, maxCount: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from = position;
    while (events.length < maxCount) {
      // One more than needed: the server reads from a position inclusively, and the event at `from` is skipped.
      const pageSize = Math.min(maxCount - events.length, PAGE_SIZE) + 1;
      const page = await this.readAllPage({ fromPosition: toEsdbReadPosition(from), maxCount: pageSize });
      for (const event of page) {
        const eventPosition = fromEsdbPosition(event.position);
        if (eventPosition > from && !isSystemEvent(event) && events.length < maxCount) events.push(fromEsdbEvent(event));
      }
      if (page.length < pageSize) break;
      from = fromEsdbPosition(page[page.length - 1].position);
    }
    return events;
  }

  private async readAllPage(options: EsdbReadAllOptions): Promise<AllStreamRecordedEvent[]> {
    try {
      const events: AllStreamRecordedEvent[] = [];
      for await (const resolved of this.client.readAll(options)) {
        if (resolved.event) events.push(resolved.event);
      }
      return events;
    } catch (error) {
      throw fromEsdbError(error);
    }
  }

  private watchForAppends(): void {
    if (this.watcher) return;
    const watcher = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    watcher.on('data', () => this.changes.notify());
    // Polling still finds new events, so a broken watcher only costs latency; the next subscription restarts it.
    watcher.on('error', () => {
      if (this.watcher === watcher) this.watcher = undefined;
    });
    this.watcher = watcher;
  }
}

/** The caller's hook once the server has answered the append (see AppendOptions.onCommitted). */
function runCommittedHook(options: AppendOptions, result: AppendResult): void {
  try {
    options.onCommitted?.(result);
  } catch {
    // A hook's failure is the hook's own; the append is committed and answers as such.
  }
}
