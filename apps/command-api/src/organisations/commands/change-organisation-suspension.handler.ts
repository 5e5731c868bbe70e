import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrganisationSuspensionDto } from '@beacon/contracts';
import { customerGroupDecider, customerGroupStream, notFound } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeOrganisationSuspensionCommand } from './change-organisation-suspension.command';

/**
 * Suspends or resumes an organisation on its root group's stream (OrganisationSuspended, OrganisationResumed):
 * an id that is no organisation's root group answers 404. What a suspension stops is everyone's own check of it
 * (OrganisationSuspensions): sign-in, tokens, sockets and scheduled sends.
 */
@CommandHandler(ChangeOrganisationSuspensionCommand)
export class ChangeOrganisationSuspensionHandler implements ICommandHandler<ChangeOrganisationSuspensionCommand, OrganisationSuspensionDto & { position: number }> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  async execute({ organisationId, change, commandId = randomUUID() }: ChangeOrganisationSuspensionCommand): Promise<OrganisationSuspensionDto & { position: number }> {
    const group = await this.groups.state(organisationId);
    if (group.status !== 'active' || group.parentId !== null) throw notFound();
    const at = new Date();
    const outcome = await this.executor.execute(
      customerGroupStream(organisationId),
      customerGroupDecider,
      change.suspend
        ? { type: 'SuspendOrganisation', data: { customerGroupId: organisationId, reason: change.reason, at: at.toISOString() } }
        : { type: 'ResumeOrganisation', data: { customerGroupId: organisationId, at: at.toISOString() } },
      { commandId, tenantId: group.rootId, customerGroupId: organisationId, actorUserId: null, acceptedAt: at },
    );
    return { id: organisationId, suspended: outcome.state.status === 'active' && outcome.state.suspended, position: outcome.position };
  }
}
