import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../shared/customer-group-reader';
import { MESSAGE_SESSIONS, type MessageSessionDocument } from '../shared/read-models/message-sessions.read-model';
import { SCENARIOS, type ScenarioDocument } from '../shared/read-models/scenarios.read-model';

/** Kept messages within the caller's reach: those of their customer group and the groups below it. */
@Injectable()
export class ScenarioReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) readonly groups: CustomerGroupReader,
  ) {}

  collection(principal: Principal) {
    return this.readStore.scope(principal.rootId).collection<ScenarioDocument>(SCENARIOS);
  }

  /** The sessions of these messages: scheduled ones, and those sent (newest first). */
  async sessionsOf(principal: Principal, scenarioIds: readonly string[]): Promise<MessageSessionDocument[]> {
    if (!scenarioIds.length) return [];
    return this.readStore
      .scope(principal.rootId)
      .collection<MessageSessionDocument>(MESSAGE_SESSIONS)
      .find({ scenario_id: { $in: [...scenarioIds] } }, { sort: { started_at: -1 } });
  }

  /** The message, or 404 when it is none or of a group outside the caller's reach. */
  async reachable(principal: Principal, scenarioId: string): Promise<ScenarioDocument> {
    const scenario = await this.collection(principal).findOne({ _id: scenarioId });
    if (!scenario) throw notFound();
    await this.groups.reachable(principal, scenario.customer_group);
    return scenario;
  }
}
