import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { contactFieldDecider, contactFieldStream, notFound } from '@beacon/domain';
import { CommandExecutor, deterministicId } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { CreateContactFieldCommand, type ContactFieldOutcome } from './create-contact-field.command';

/**
 * POST /api/field/ (admins): a field in a customer group in the caller's reach (their own group or a
 * descendant; anything else, another tenant's included, answers 404). The field's id is derived
 * from the command id, so a retried request with the same Idempotency-Key answers the same field.
 */
@CommandHandler(CreateContactFieldCommand)
export class CreateContactFieldHandler implements ICommandHandler<CreateContactFieldCommand, ContactFieldOutcome> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ principal, input, commandId }: CreateContactFieldCommand): Promise<ContactFieldOutcome> {
    const group = await this.access.reachableGroup(principal, input.customer_group);
    const fieldId = commandId ? deterministicId(`${group.rootId}/field/${commandId}`) : randomUUID();
    const outcome = await this.executor.execute(
      contactFieldStream(fieldId),
      contactFieldDecider,
      {
        type: 'CreateContactField',
        data: { fieldId, customerGroupId: group.customerGroupId, label: input.label, field_type: input.field_type, options: input.options },
      },
      { commandId, tenantId: group.rootId, customerGroupId: group.customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
    if (outcome.state.status !== 'active') throw notFound();
    return { position: outcome.position, field: outcome.state };
  }
}
