import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider, userStream } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { ChangeCustomerPermissionCommand } from './change-customer-permission.command';

/**
 * Gives a user another role. The token guard reads the role from the user's stream, so the
 * change applies to the user's next call. (PUT /api/user/{id}/ will call this when users are edited.)
 */
@CommandHandler(ChangeCustomerPermissionCommand)
export class ChangeCustomerPermissionHandler implements ICommandHandler<ChangeCustomerPermissionCommand, number> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ userId, customerPermission, context }: ChangeCustomerPermissionCommand): Promise<number> {
    const outcome = await this.executor.execute(userStream(userId), userDecider, { type: 'ChangeCustomerPermission', data: { customerPermission } }, context);
    return outcome.position;
  }
}
