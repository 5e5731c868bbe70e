import { Query } from '@nestjs/cqrs';
import type { IncidentModuleSettingsDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** What a customer group in the caller's reach calls the incident module, singular and plural. */
export class IncidentModuleSettingsQuery extends Query<IncidentModuleSettingsDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
  ) {
    super();
  }
}
