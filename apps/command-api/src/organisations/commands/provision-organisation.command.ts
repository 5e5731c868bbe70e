import type { OrganisationProvisionedDto, ProvisionOrganisationRequest } from '@beacon/contracts';
import { Command } from '@nestjs/cqrs';

/** POST /api/platform/organisations/: a new organisation and its first admin. */
export class ProvisionOrganisationCommand extends Command<OrganisationProvisionedDto & { position: number }> {
  constructor(
    readonly input: ProvisionOrganisationRequest,
    readonly commandId: string,
  ) {
    super();
  }
}
