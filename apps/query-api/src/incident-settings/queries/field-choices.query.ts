import { Query } from '@nestjs/cqrs';
import type { FieldChoiceOptionDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Every choice option of the organisation, field by field in the fields' order. */
export class FieldChoicesQuery extends Query<FieldChoiceOptionDto[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
