import { Query } from '@nestjs/cqrs';
import type { MergeFieldsDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The merge fields of a customer group in the caller's reach. */
export class MergeFieldsQuery extends Query<MergeFieldsDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
  ) {
    super();
  }
}
