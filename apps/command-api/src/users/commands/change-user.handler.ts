import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { notFound, type ChangeUser } from '@beacon/domain';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { lockedRolesOf } from '../locked-roles';
import { ChangeUserCommand, type ChangedUser } from './change-user.command';

/**
 * PUT /api/user/{id}/ (the profile-edit rule): a user in the caller's reach (anything else answers
 * 404); a move goes to a group of the caller's reach (404 otherwise). The decider applies the
 * profile-edit rule on the group's current send_verification_email, and its locked_users (and the
 * destination's, for a move).
 */
@CommandHandler(ChangeUserCommand)
export class ChangeUserHandler implements ICommandHandler<ChangeUserCommand, ChangedUser> {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  async execute({ principal, userId, input, commandId }: ChangeUserCommand): Promise<ChangedUser> {
    const user = await this.users.reachable(principal, userId);
    const group = await this.groups.state(user.customerGroupId);
    const moving = input.customer_group !== undefined && input.customer_group !== user.customerGroupId;
    const destination = moving ? await this.groups.reachableGroup(principal, input.customer_group!) : undefined;
    const command: ChangeUser = {
      type: 'ChangeUser',
      data: {
        changes: {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          preferredTimezone: input.preferred_timezone,
          isActive: input.is_active,
          isMessageRecipient: input.is_message_recipient,
          customerPermission: input.customer_permission,
          customerGroupId: input.customer_group,
        },
        by: { userId: principal.userId, customerPermission: principal.customerPermission },
        group: {
          sendVerificationEmail: group.status === 'active' && group.settings.send_verification_email,
          lockedRoles: lockedRolesOf(group),
        },
        destination: destination && { customerGroupId: destination.customerGroupId, lockedRoles: lockedRolesOf(destination) },
      },
    };
    const outcome = await this.commands.run(user, command, { actorUserId: principal.userId, now: new Date(), commandId });
    if (outcome.state.status !== 'registered') throw notFound();
    return { position: outcome.position, user: outcome.state };
  }
}
