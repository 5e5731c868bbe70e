import { Inject, Injectable } from '@nestjs/common';
import { userDecider, userStream, type CustomerPermission } from '@beacon/domain';
import { CommandExecutor, type CommandContext } from '@beacon/platform';

/**
 * Gives a user another role. The token guard reads the role from the user's stream, so the
 * change applies to the user's next call. (PUT /api/user/{id}/ will call this when users are edited.)
 */
@Injectable()
export class ChangeCustomerPermissionHandler {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute(userId: string, customerPermission: CustomerPermission, context: CommandContext): Promise<number> {
    const outcome = await this.executor.execute(userStream(userId), userDecider, { type: 'ChangeCustomerPermission', data: { customerPermission } }, context);
    return outcome.position;
  }
}
