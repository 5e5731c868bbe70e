import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrganisationQuotasDto } from '@beacon/contracts';
import { customerGroupDecider, customerGroupStream, notFound } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeOrganisationQuotasCommand } from './change-organisation-quotas.command';

/**
 * Records an organisation's daily quotas on its root group's stream (OrganisationQuotasChanged): an id
 * that is no organisation's root group answers 404; a bad channel or number 400 naming it (the decider).
 * Sends already counted in today keep their count; the next send is checked against the new quotas.
 */
@CommandHandler(ChangeOrganisationQuotasCommand)
export class ChangeOrganisationQuotasHandler implements ICommandHandler<ChangeOrganisationQuotasCommand, OrganisationQuotasDto & { position: number }> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  async execute({ organisationId, quotas, commandId = randomUUID() }: ChangeOrganisationQuotasCommand): Promise<OrganisationQuotasDto & { position: number }> {
    const group = await this.groups.state(organisationId);
    if (group.status !== 'active' || group.parentId !== null) throw notFound();
    const outcome = await this.executor.execute(
      customerGroupStream(organisationId),
      customerGroupDecider,
      { type: 'ChangeOrganisationQuotas', data: { customerGroupId: organisationId, quotas, at: new Date().toISOString() } },
      { commandId, tenantId: group.rootId, customerGroupId: organisationId, actorUserId: null, acceptedAt: new Date() },
    );
    return { id: organisationId, quotas: outcome.state.status === 'active' ? { ...outcome.state.quotas } : {}, position: outcome.position };
  }
}
