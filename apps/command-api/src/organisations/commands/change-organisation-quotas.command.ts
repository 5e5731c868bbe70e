import type { OrganisationQuotasDto } from '@beacon/contracts';
import { Command } from '@nestjs/cqrs';

/** PUT /api/platform/organisations/{id}/quotas/: the whole set of daily quotas from now on (a channel left out has no limit). */
export class ChangeOrganisationQuotasCommand extends Command<OrganisationQuotasDto & { position: number }> {
  constructor(
    readonly organisationId: string,
    readonly quotas: Readonly<Record<string, unknown>>,
    readonly commandId: string | undefined,
  ) {
    super();
  }
}
