import type { OrganisationSuspensionDto } from '@beacon/contracts';
import { Command } from '@nestjs/cqrs';

/** POST /api/platform/organisations/{id}/suspend/ (with its reason) and /resume/. */
export class ChangeOrganisationSuspensionCommand extends Command<OrganisationSuspensionDto & { position: number }> {
  constructor(
    readonly organisationId: string,
    readonly change: { readonly suspend: true; readonly reason: string } | { readonly suspend: false },
    readonly commandId: string | undefined,
  ) {
    super();
  }
}
