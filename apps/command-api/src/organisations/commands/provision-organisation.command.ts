import type { OrganisationProvisionedDto, ProvisionOrganisationRequest } from '@beacon/contracts';
import { Command } from '@nestjs/cqrs';

/**
 * What only the server's own seeding gives a provisioning, never a request: the root group's first
 * settings, and the first admin's password (then no welcome email is sent).
 */
export interface ProvisioningSeed {
  readonly settings: Record<string, unknown>;
  readonly adminPassword: string;
}

/** POST /api/platform/organisations/: a new organisation and its first admin (the demo organisation is seeded through it too). */
export class ProvisionOrganisationCommand extends Command<OrganisationProvisionedDto & { position: number }> {
  constructor(
    readonly input: ProvisionOrganisationRequest,
    readonly commandId: string,
    readonly seed?: ProvisioningSeed,
  ) {
    super();
  }
}
