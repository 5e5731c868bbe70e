import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider, userStream } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { ChangeCustomerPermissionCommand } from './change-customer-permission.command';

/**
 * Gives a user another role, without the checks of PUT /api/user/{id}/ (ChangeUserHandler), for
 * callers inside the platform. The token guard reads the role from the user's stream, so the change
 * applies to the user's next call.
 */
@CommandHandler(ChangeCustomerPermissionCommand)
export class ChangeCustomerPermissionHandler implements ICommandHandler<ChangeCustomerPermissionCommand, number> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ userId, customerPermission, context }: ChangeCustomerPermissionCommand): Promise<number> {
    const outcome = await this.executor.execute(userStream(userId), userDecider, { type: 'ChangeCustomerPermission', data: { customerPermission } }, context);
    return outcome.position;
  }
}
