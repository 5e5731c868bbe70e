import { Query } from '@nestjs/cqrs';
import type { FormFieldsDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The fields a form uses, each once, in its groups' order. */
export class FormFieldsQuery extends Query<FormFieldsDto> {
  constructor(
    readonly principal: Principal,
    readonly formId: string,
  ) {
    super();
  }
}
