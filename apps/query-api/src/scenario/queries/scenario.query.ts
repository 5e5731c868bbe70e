import { Query } from '@nestjs/cqrs';
import type { ScenarioDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** GET /api/scenario/{id}/ */
export class ScenarioQuery extends Query<ScenarioDto> {
  constructor(
    readonly principal: Principal,
    readonly scenarioId: string,
  ) {
    super();
  }
}
