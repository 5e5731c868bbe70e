import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrganisationPermissionsDto } from '@beacon/contracts';
import { customerGroupDecider, customerGroupStream, notFound, type RootPermissionsChanged } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeOrganisationPermissionsCommand } from './change-organisation-permissions.command';

/**
 * Records an organisation's feature permissions on its root group's stream (RootPermissionsChanged):
 * an id that is no organisation's root group answers 404; unknown names 400 (the decider).
 */
@CommandHandler(ChangeOrganisationPermissionsCommand)
export class ChangeOrganisationPermissionsHandler implements ICommandHandler<ChangeOrganisationPermissionsCommand, OrganisationPermissionsDto & { position: number }> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  async execute({ organisationId, rootPermissions, commandId = randomUUID() }: ChangeOrganisationPermissionsCommand): Promise<OrganisationPermissionsDto & { position: number }> {
    const group = await this.groups.state(organisationId);
    if (group.status !== 'active' || group.parentId !== null) throw notFound();
    const outcome = await this.executor.execute(
      customerGroupStream(organisationId),
      customerGroupDecider,
      { type: 'ChangeRootPermissions', data: { customerGroupId: organisationId, rootPermissions } },
      { commandId, tenantId: group.rootId, customerGroupId: organisationId, actorUserId: null, acceptedAt: new Date() },
    );
    const changed = outcome.events.find((event): event is RootPermissionsChanged => event.type === 'RootPermissionsChanged');
    const held = outcome.state.status === 'active' ? [...outcome.state.rootPermissions] : [];
    return { id: organisationId, root_permissions: held, added: changed?.data.added ?? [], removed: changed?.data.removed ?? [], position: outcome.position };
  }
}
