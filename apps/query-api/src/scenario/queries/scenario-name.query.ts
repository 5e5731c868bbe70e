import { Query } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** GET /api/scenario/name/: is the name free among the group's real messages? */
export class ScenarioNameQuery extends Query<{ name: string; available: true }> {
  constructor(
    readonly principal: Principal,
    readonly name: string,
    readonly isReal: boolean,
    readonly scenarioId: string | undefined,
    readonly customerGroupId: string | undefined,
  ) {
    super();
  }
}
