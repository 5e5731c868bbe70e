import { Query } from '@nestjs/cqrs';
import type { ScenarioListEntryDto, ScenarioListQuery, ScenarioPageDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** GET /api/scenario/: every message as a list (page_size=all) or a page of them. */
export class ScenariosQuery extends Query<ScenarioListEntryDto[] | ScenarioPageDto> {
  constructor(
    readonly principal: Principal,
    readonly filters: ScenarioListQuery,
  ) {
    super();
  }
}
