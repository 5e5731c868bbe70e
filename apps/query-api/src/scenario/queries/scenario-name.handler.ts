import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { BLANK, NAME_DUPLICATE, SCENARIO_DETAIL, validationError } from '@beacon/domain';
import { ScenarioReader } from '../scenario-reader';
import { ScenarioNameQuery } from './scenario-name.query';

/**
 * The name check of the Settings step (spec part 2 §5): a real message's name is unique among the
 * real messages of its customer group (trimmed, in any case); the message being edited (scenario_id)
 * does not clash with itself. A test message may share a name, so with is_real off every name is free.
 * A duplicate answers 400 with the message under `name`, which the console shows on the field.
 */
@QueryHandler(ScenarioNameQuery)
export class ScenarioNameHandler implements IQueryHandler<ScenarioNameQuery, { name: string; available: true }> {
  constructor(@Inject(ScenarioReader) private readonly reader: ScenarioReader) {}

  async execute({ principal, name, isReal, scenarioId, customerGroupId }: ScenarioNameQuery): Promise<{ name: string; available: true }> {
    const trimmed = name.trim();
    if (!trimmed) throw validationError(SCENARIO_DETAIL, { name: [BLANK] });
    const scenario = scenarioId === undefined ? null : await this.reader.reachable(principal, scenarioId);
    const group = scenario?.customer_group ?? (await this.reader.groups.reachable(principal, customerGroupId ?? principal.customerGroupId))._id;
    if (isReal) {
      const taken = await this.reader
        .collection(principal)
        .count({ customer_group: group, is_real: true, name_key: trimmed.toLowerCase(), ...(scenarioId === undefined ? {} : { _id: { $ne: scenarioId } }) });
      if (taken > 0) throw validationError(NAME_DUPLICATE, { name: [NAME_DUPLICATE] });
    }
    return { name: trimmed, available: true };
  }
}
