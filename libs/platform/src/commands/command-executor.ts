import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { foldEvents, schemaVersionOf, type Decider, type DomainEvent } from '@beacon/domain';
import {
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@beacon/event-store';
import { EVENT_STORE } from '../infrastructure/tokens';
import { eventIdFor } from './event-ids';
import { assertSameRequest, currentKeyedCommand } from './idempotency-key';

export interface CommandContext {
  /** Idempotency key: the same command id appends its events once. */
  readonly commandId?: string;
  readonly tenantId: string;
  readonly customerGroupId?: string;
  readonly actorUserId: string | null;
  readonly correlationId?: string;
  readonly causationId?: string;
  /** When the command was accepted; deciders never read the clock. */
  readonly acceptedAt: Date;
}

export interface CommandOutcome<TEvent, TState = unknown> {
  readonly events: TEvent[];
  /** Global position of the last appended event, or of the store's head when nothing was appended. */
  readonly position: number;
  /**
   * The stream's state right after the command: evolve(state, events) over the history it was decided
   * on (for a retried command, the state its first attempt left). Answers come from it: no second read.
   */
  readonly state: TState;
}

/** A command and its context, prepared from the stream's current state (e.g. after checking the caller may reach it). */
export interface PreparedCommand<TCommand> {
  readonly command: TCommand;
  readonly context: CommandContext;
}

export interface ExecuteOptions {
  /** How many times to decide and append before a concurrent change answers 409; default 5. */
  readonly maxAttempts?: number;
  /**
   * Upper bound of a random pause (ms) before each retry, so writers racing on one stream spread
   * out instead of colliding again at once; default 0 (retry at once).
   */
  readonly retryBackoffMs?: number;
  /**
   * The stream's events as the caller has just read them (to check something before the command):
   * the first attempt decides on them instead of reading the stream again. A conflict re-reads.
   */
  readonly history?: readonly RecordedEvent[];
  /**
   * Called synchronously once the command's events are durable (AppendOptions.onCommitted), or at
   * once when they already were (a retry of a recorded command, a command that changes nothing):
   * for work that must follow the record with nothing queued in between.
   */
  readonly onCommitted?: () => void;
}

const MAX_ATTEMPTS = 5;

/**
 * The fingerprint of the request whose Idempotency-Key names this command (or a part of it, `<id>/<part>`),
 * kept in the events' metadata so that a retry can be told from a different request reusing the key.
 */
function requestFingerprintOf(commandId: string): string | undefined {
  const keyed = currentKeyedCommand();
  if (!keyed) return undefined;
  return commandId === keyed.commandId || commandId.startsWith(`${keyed.commandId}/`) ? keyed.fingerprint : undefined;
}

/**
 * Load → decide → append with the expected revision; on a concurrent change, re-read and re-decide
 * a few times. A command whose id already produced events in the stream (a client retry) appends
 * nothing and answers with those events, whatever was appended since, unless they were recorded for
 * a request with another body (422).
 */
@Injectable()
export class CommandExecutor {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute<TCommand, TEvent extends DomainEvent, TState>(
    streamName: string,
    decider: Decider<TCommand, TEvent, TState>,
    command: TCommand,
    context: CommandContext,
    options: ExecuteOptions = {},
  ): Promise<CommandOutcome<TEvent, TState>> {
    return this.executeOn(streamName, decider, () => ({ command, context }), options);
  }

  /**
   * The pipeline, with the command prepared from the state the stream was just read into: a handler
   * that must check the stream's state first (may the caller reach this incident?) or take part of the
   * command's context from it (the incident's customer group) does so without reading the stream
   * again. `prepare` runs on every attempt, on that attempt's state.
   */
  async executeOn<TCommand, TEvent extends DomainEvent, TState>(
    streamName: string,
    decider: Decider<TCommand, TEvent, TState>,
    prepare: (state: TState) => PreparedCommand<TCommand>,
    options: ExecuteOptions = {},
  ): Promise<CommandOutcome<TEvent, TState>> {
    const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    const backoffMs = options.retryBackoffMs ?? 0;
    const fallbackCommandId = randomUUID();
    const toEvent = (e: RecordedEvent) => ({ type: e.type, data: e.data }) as TEvent;
    for (let attempt = 1; ; attempt++) {
      const history = attempt === 1 && options.history ? options.history : await this.readStreamOrEmpty(streamName);
      const state = foldEvents(decider, history.map(toEvent));
      const { command, context } = prepare(state);
      const commandId = context.commandId ?? fallbackCommandId;
      const fingerprint = requestFingerprintOf(commandId);
      const earlier = history.filter((event) => event.metadata.commandId === commandId);
      if (earlier.length) {
        assertSameRequest(earlier[0]!.metadata.requestFingerprint, fingerprint);
        const last = earlier[earlier.length - 1]!;
        // The state the first attempt left: everything up to its last event, nothing appended since.
        const upToLast = history.filter((event) => event.revision <= last.revision);
        options.onCommitted?.();
        return { events: earlier.map(toEvent), position: last.position, state: foldEvents(decider, upToLast.map(toEvent)) };
      }
      const events = decider.decide(command, state);
      if (!events.length) {
        options.onCommitted?.();
        return { events, position: await this.eventStore.headPosition(), state };
      }
      const metadata = metadataOf(context, commandId, fingerprint);
      try {
        const result = await this.eventStore.appendToStream(
          streamName,
          events.map((event, index) => ({
            id: eventIdFor(commandId, index),
            type: event.type,
            data: event.data,
            metadata: { ...metadata, schemaVersion: schemaVersionOf(event.type) },
          })),
          {
            expectedRevision: history.length ? history[history.length - 1]!.revision : 'no-stream',
            ...(options.onCommitted && { onCommitted: options.onCommitted }),
          },
        );
        return { events, position: result.position, state: events.reduce((next, event) => decider.evolve(next, event), state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      }
      if (backoffMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * backoffMs));
    }
  }

  async readStreamOrEmpty(streamName: string): Promise<RecordedEvent[]> {
    try {
      return await this.eventStore.readStream(streamName);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }
}

function metadataOf(context: CommandContext, commandId: string, fingerprint: string | undefined): EventMetadata {
  return {
    tenantId: context.tenantId,
    customerGroupId: context.customerGroupId,
    actorUserId: context.actorUserId,
    commandId,
    correlationId: context.correlationId ?? commandId,
    causationId: context.causationId ?? commandId,
    acceptedAt: context.acceptedAt.toISOString(),
    ...(fingerprint !== undefined && { requestFingerprint: fingerprint }),
  };
}
