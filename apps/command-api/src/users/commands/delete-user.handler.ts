import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UserDeleted } from '@beacon/domain';
import { AuthTokenService, type Principal } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { UserCommands } from '../../shared/accounts/user-commands';
import { USER_HISTORY, UserLookup } from '../../shared/accounts/user-lookup';
import { lockedRolesOf } from '../locked-roles';
import { UserEmails } from '../user-emails';
import { DeleteUserCommand } from './delete-user.command';

/**
 * DELETE /api/user/{id}/ (admins and data users; a user in reach, else 404). Records UserDeleted (the
 * decider refuses oneself, and a locked role's user or an admin unless an admin asks), then releases
 * the email for a new user and ends the user's tokens: their open consoles are signed out at once.
 * Their events stay, so the activity log still tells what they did. A retry with the same
 * Idempotency-Key answers as the first attempt did (204), and finishes what it may have left undone.
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
    const retried = await this.deletionBy(principal, userId, commandId);
    if (retried) return Math.max(retried.position, await this.afterDeletion(retried.data, principal, commandId, retried.tenantId, new Date()));
    const user = await this.users.reachable(principal, userId);
    const group = await this.groups.state(user.customerGroupId);
    const now = new Date();
    const deleted = await this.commands.run(
      user,
      { type: 'DeleteUser', data: { by: { userId: principal.userId, customerPermission: principal.customerPermission }, lockedRoles: lockedRolesOf(group) } },
      { actorUserId: principal.userId, now, commandId },
    );
    return Math.max(deleted.position, await this.afterDeletion(user, principal, commandId, user.rootId, now));
  }

  /** The deletion this command recorded before, when it is a retry of one that did. */
  private async deletionBy(principal: Principal, userId: string, commandId: string) {
    const state = await this.users.state(userId);
    if (state.status !== 'deleted') return null;
    const event = state[USER_HISTORY]?.find(
      (recorded) => recorded.type === 'UserDeleted' && recorded.metadata.commandId === commandId && recorded.metadata.tenantId === principal.rootId,
    );
    return event ? { position: event.position, data: event.data as UserDeleted['data'], tenantId: principal.rootId } : null;
  }

  /** Releases the email and ends the tokens; both record nothing when already done. */
  private async afterDeletion(
    user: Pick<UserDeleted['data'], 'userId' | 'email' | 'customerGroupId'>,
    principal: Principal,
    commandId: string,
    tenantId: string,
    now: Date,
  ): Promise<number> {
    const released = await this.emails.release(user.email, user.userId, {
      commandId,
      tenantId,
      customerGroupId: user.customerGroupId,
      actorUserId: principal.userId,
      acceptedAt: now,
    });
    await this.tokens.revokeAllOf(user.userId, now.getTime());
    return released;
  }
}
