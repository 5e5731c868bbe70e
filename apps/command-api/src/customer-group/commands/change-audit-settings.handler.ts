import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, type CustomerGroupEvent, type CustomerGroupState } from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { CustomerGroupContents } from '../customer-group-contents';
import { ChangeAuditSettingsCommand } from './change-audit-settings.command';

/**
 * POST /api/customer_group_audit_settings/{id}/ (admins, a group in reach): saves the audit settings as
 * spec part 2 §4 clears them. Recipients must be users of the group or of its descendants (the users
 * GET /api/get_audit_recipients/{id}/ offers), read from the read models once they have caught up.
 */
@CommandHandler(ChangeAuditSettingsCommand)
export class ChangeAuditSettingsHandler implements ICommandHandler<ChangeAuditSettingsCommand, CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(CustomerGroupContents) private readonly contents: CustomerGroupContents,
  ) {}

  async execute({ principal, customerGroupId, audit, commandId }: ChangeAuditSettingsCommand): Promise<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
    const group = await this.access.reachableGroup(principal, customerGroupId);
    const offeredUserIds = audit.is_audit_active ? await this.contents.userIdsBelow(group.rootId, customerGroupId) : [];
    return this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      { type: 'ChangeAuditSettings', data: { customerGroupId, audit, offeredUserIds } },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
  }
}
