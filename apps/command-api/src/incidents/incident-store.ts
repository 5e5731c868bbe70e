import { Inject, Injectable } from '@nestjs/common';
import { READ_MODELS } from '@beacon/contracts';
import {
  foldEvents,
  incidentDecider,
  incidentStream,
  notFound,
  orderAtTop,
  type IncidentCommand,
  type IncidentEvent,
  type IncidentRecord,
  type IncidentState,
  type RecordedIncident,
} from '@beacon/domain';
import { StreamNotFoundError, type EventStore, type ReadStreamOptions, type RecordedEvent } from '@beacon/event-store';
import { CommandExecutor, EVENT_STORE, READ_STORE, type CommandContext, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';

/**
 * Many people may save one incident at once, each edit merging with the others (optimistic
 * concurrency per field): writers that clash on the stream retry, a little apart, until each has
 * either appended or been told of a real conflict. Twenty simultaneous savers need up to twenty rounds.
 */
const INCIDENT_EXECUTE_OPTIONS = { maxAttempts: 60, retryBackoffMs: 15 };

export interface IncidentOutcome {
  /** Position of the last event appended (the store's head when nothing changed). */
  readonly position: number;
  /** The incident right after the command. */
  readonly incident: IncidentRecord;
}

/** Loads incidents from their streams and runs incident commands on them. */
@Injectable()
export class IncidentStore {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async state(incidentId: string): Promise<IncidentState> {
    return this.fold(await this.executor.readStreamOrEmpty(incidentStream(incidentId)));
  }

  /**
   * The incident, when it belongs to the caller's customer group or a descendant of it; anything
   * else (unknown ids, another organisation's incidents) answers 404 and reveals nothing.
   */
  async reachable(principal: Principal, incidentId: string): Promise<RecordedIncident> {
    const state = await this.state(incidentId);
    if (state.status !== 'recorded' || state.groupPath[0] !== principal.rootId || !state.groupPath.includes(principal.customerGroupId))
      throw notFound();
    return state;
  }

  /**
   * Runs the command and answers the incident right after its events (or as it is, when the command
   * changed nothing): a start is the incident itself; after a change the stream is read up to the
   * version its last event made, so changes appended by others since are not part of the answer.
   */
  async execute(incidentId: string, command: IncidentCommand, context: CommandContext): Promise<IncidentOutcome> {
    const outcome = await this.executor.execute(incidentStream(incidentId), incidentDecider, command, context, INCIDENT_EXECUTE_OPTIONS);
    const last = outcome.events[outcome.events.length - 1];
    if (last?.type === 'IncidentStarted') return { position: outcome.position, incident: last.data.incident };
    const upTo = last ? { maxCount: last.data.version } : {};
    const current = this.fold(await this.readStream(incidentId, upTo));
    if (current.status !== 'recorded') throw notFound();
    return { position: outcome.position, incident: current.incident };
  }

  private fold(events: readonly RecordedEvent[]): IncidentState {
    return foldEvents(incidentDecider, events.map((event) => ({ type: event.type, data: event.data }) as IncidentEvent));
  }

  /** The stream's events (each is one version, so the first N make version N); none before the start. */
  private async readStream(incidentId: string, options: ReadStreamOptions): Promise<RecordedEvent[]> {
    try {
      return await this.eventStore.readStream(incidentStream(incidentId), options);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  /**
   * The order that puts a new incident at the top of the list its group's users see (the list read
   * model; a start racing another may share a key, which only ties their places).
   */
  async orderAtTop(rootId: string, customerGroupId: string): Promise<string> {
    const first = await this.readStore
      .scope(rootId)
      .collection(READ_MODELS.incidents)
      .findOne({ group_path: customerGroupId }, { sort: { order: 1 }, projection: { order: 1 } });
    return orderAtTop(typeof first?.order === 'string' ? first.order : null);
  }
}
