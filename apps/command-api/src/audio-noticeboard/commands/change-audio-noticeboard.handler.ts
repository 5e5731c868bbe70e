import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerGroupDecider, customerGroupStream, type CustomerGroupEvent, type CustomerGroupState } from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { ChangeAudioNoticeboardCommand } from './change-audio-noticeboard.command';

/**
 * PATCH /api/audio-noticeboard/ (the audio-noticeboard sender rule): the message of one of the
 * caller's own group's noticeboard numbers; the decider refuses a number the group does not have.
 */
@CommandHandler(ChangeAudioNoticeboardCommand)
export class ChangeAudioNoticeboardHandler implements ICommandHandler<ChangeAudioNoticeboardCommand, CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly access: CustomerGroupAccess,
  ) {}

  async execute({ principal, phoneNumber, message, commandId }: ChangeAudioNoticeboardCommand): Promise<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
    const { customerGroupId } = principal;
    const group = await this.access.reachableGroup(principal, customerGroupId);
    return this.executor.execute(
      customerGroupStream(customerGroupId),
      customerGroupDecider,
      { type: 'ChangeAudioNoticeboardMessage', data: { customerGroupId, phoneNumber, message } },
      { commandId, tenantId: group.rootId, customerGroupId, actorUserId: principal.userId, acceptedAt: new Date() },
    );
  }
}
