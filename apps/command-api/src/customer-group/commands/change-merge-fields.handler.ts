import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  customerGroupDecider,
  customerGroupStream,
  type CustomerGroupEvent,
  type CustomerGroupState,
} from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';
import { ContactFields } from '../../shared/contact-fields';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeMergeFieldsCommand } from './change-merge-fields.command';

/**
 * POST /api/merge_fields/{id}/ (admins with "Merge fields", a group in reach): merge_field_enabled per
 * field sent. Which of the named fields (and of those already on) apply to the group is read from the
 * fields' own streams: a field defined in the group or one of its ancestors, not deleted.
 */
@CommandHandler(ChangeMergeFieldsCommand)
export class ChangeMergeFieldsHandler implements ICommandHandler<ChangeMergeFieldsCommand, CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
    @Inject(ContactFields) private readonly contactFields: ContactFields,
  ) {}

  async execute({ principal, customerGroupId, fieldData, commandId }: ChangeMergeFieldsCommand): Promise<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
    const group = await this.access.reachableGroup(principal, customerGroupId);
    const path = new Set([...group.ancestorIds, group.customerGroupId]);
    const named = [...new Set([...fieldData.map((entry) => entry.id), ...group.mergeFieldIds])];
    const applicableFieldIds = (await Promise.all(named.map(async (fieldId) => ((await this.applies(fieldId, path)) ? fieldId : null)))).filter(
      (fieldId): fieldId is string => fieldId !== null,
    );
    return this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      { type: 'ChangeMergeFields', data: { customerGroupId, fieldData, applicableFieldIds } },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
  }

  private async applies(fieldId: string, path: ReadonlySet<string>): Promise<boolean> {
    const field = await this.contactFields.active(fieldId);
    return field !== null && path.has(field.customerGroupId);
  }
}
