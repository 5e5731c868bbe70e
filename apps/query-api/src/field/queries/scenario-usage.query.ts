import { Query } from '@nestjs/cqrs';
import type { ScenarioUsagePageDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The messages that use a contact field (`kind` field) or one of its options (`kind` option), a page at a time. */
export class ScenarioUsageQuery extends Query<ScenarioUsagePageDto> {
  constructor(
    readonly principal: Principal,
    readonly kind: 'field' | 'option',
    readonly id: string,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
