import type { OrganisationPermissionsDto } from '@beacon/contracts';
import { Command } from '@nestjs/cqrs';

/** PUT /api/platform/organisations/{id}/permissions/: the whole set of feature permissions the organisation holds from now on. */
export class ChangeOrganisationPermissionsCommand extends Command<OrganisationPermissionsDto & { position: number }> {
  constructor(
    readonly organisationId: string,
    readonly rootPermissions: readonly string[],
    readonly commandId: string | undefined,
  ) {
    super();
  }
}
