import { Query } from '@nestjs/cqrs';
import type { RunResultDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** GET /api/scenario/run_result/{id}/ */
export class RunResultQuery extends Query<RunResultDto> {
  constructor(
    readonly principal: Principal,
    readonly taskId: string,
  ) {
    super();
  }
}
