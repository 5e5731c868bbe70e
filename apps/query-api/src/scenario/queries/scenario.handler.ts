import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ScenarioDto } from '@beacon/contracts';
import { ScenarioReader } from '../scenario-reader';
import { ScenarioQuery } from './scenario.query';

/** A message's whole draft, with its id, group and times (404 outside the caller's reach). */
@QueryHandler(ScenarioQuery)
export class ScenarioHandler implements IQueryHandler<ScenarioQuery, ScenarioDto> {
  constructor(@Inject(ScenarioReader) private readonly reader: ScenarioReader) {}

  async execute({ principal, scenarioId }: ScenarioQuery): Promise<ScenarioDto> {
    const scenario = await this.reader.reachable(principal, scenarioId);
    return {
      ...(scenario.draft as Omit<ScenarioDto, 'id' | 'customer_group' | 'created_at' | 'updated_at'>),
      id: scenario._id,
      customer_group: scenario.customer_group,
      created_at: scenario.created_at,
      updated_at: scenario.updated_at,
    };
  }
}
