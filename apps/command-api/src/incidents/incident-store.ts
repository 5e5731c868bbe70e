import { Inject, Injectable } from '@nestjs/common';
import { READ_MODELS } from '@beacon/contracts';
import {
  incidentDecider,
  incidentStream,
  notFound,
  orderAtTop,
  type IncidentCommand,
  type IncidentRecord,
  type IncidentState,
  type RecordedIncident,
} from '@beacon/domain';
import { CommandExecutor, READ_STORE, type CommandContext, type PreparedCommand, type Principal } from '@beacon/platform';
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

/**
 * The incident, when it belongs to the caller's customer group or a descendant of it; anything else
 * (unknown ids, another organisation's incidents) answers 404 and reveals nothing.
 */
function reachable(principal: Principal, state: IncidentState): RecordedIncident {
  if (state.status !== 'recorded' || state.groupPath[0] !== principal.rootId || !state.groupPath.includes(principal.customerGroupId)) throw notFound();
  return state;
}

/** Runs incident commands on their streams. */
@Injectable()
export class IncidentStore {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** Records a new incident (its stream is new): the answer is the incident the start recorded. */
  async execute(incidentId: string, command: IncidentCommand, context: CommandContext): Promise<IncidentOutcome> {
    return this.run(incidentId, () => ({ command, context }));
  }

  /**
   * Changes an incident the caller reaches: the command is built from the incident as the stream is
   * read for the decision (one read), and the answer is the incident right after the command's events
   * (or as it is, when the command changed nothing), so changes appended by others since are not part
   * of it. Unknown ids and incidents out of the caller's reach answer 404 and reveal nothing.
   */
  change(principal: Principal, incidentId: string, build: (incident: RecordedIncident) => PreparedCommand<IncidentCommand>): Promise<IncidentOutcome> {
    return this.run(incidentId, (state) => build(reachable(principal, state)));
  }

  private async run(incidentId: string, prepare: (state: IncidentState) => PreparedCommand<IncidentCommand>): Promise<IncidentOutcome> {
    const outcome = await this.executor.executeOn(incidentStream(incidentId), incidentDecider, prepare, INCIDENT_EXECUTE_OPTIONS);
    if (outcome.state.status !== 'recorded') throw notFound();
    return { position: outcome.position, incident: outcome.state.incident };
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
