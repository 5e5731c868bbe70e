import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthTokenService } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { lockedRolesOf } from '../locked-roles';
import { UserEmails } from '../user-emails';
import { DeleteUserCommand } from './delete-user.command';

/**
 * DELETE /api/user/{id}/ (admins and data users; a user in reach, else 404). Records UserDeleted (the
 * decider refuses oneself, and a locked role's user or an admin unless an admin asks), then releases
 * the email for a new user and ends the user's tokens: their open consoles are signed out at once.
 * Their events stay, so the activity log still tells what they did.
 */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand, number> {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
    @Inject(UserEmails) private readonly emails: UserEmails,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  async execute({ principal, userId, commandId = randomUUID() }: DeleteUserCommand): Promise<number> {
    const user = await this.users.reachable(principal, userId);
    const group = await this.groups.state(user.customerGroupId);
    const now = new Date();
    const deleted = await this.commands.run(
      user,
      { type: 'DeleteUser', data: { by: { userId: principal.userId, customerPermission: principal.customerPermission }, lockedRoles: lockedRolesOf(group) } },
      { actorUserId: principal.userId, now, commandId },
    );
    const released = await this.emails.release(user.email, user.userId, {
      commandId,
      tenantId: user.rootId,
      customerGroupId: user.customerGroupId,
      actorUserId: principal.userId,
      acceptedAt: now,
    });
    await this.tokens.revokeAllOf(user.userId, now.getTime());
    return Math.max(deleted.position, released);
  }
}
