import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { notFound, userDecider, type ChangeUser, type UserEmailChanged } from '@beacon/domain';
import type { CommandContext } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup, type LoadedUser } from '../../shared/accounts/user-lookup';
import { lockedRolesOf } from '../locked-roles';
import { FieldCatalogues } from '../field-catalogues';
import { fieldValueInputs } from '../field-value-inputs';
import { UserEmails } from '../user-emails';
import { ChangeUserCommand, type ChangedUser } from './change-user.command';

/**
 * PUT /api/user/{id}/ (the profile-edit rule): a user in the caller's reach (anything else answers
 * 404); a move goes to a group of the caller's reach (404 otherwise). The decider applies the
 * profile-edit rule on the group's current send_verification_email, and its locked_users (and the
 * destination's, for a move). A new email is claimed before the change is recorded (409 when another
 * user holds it; released again when the change is then refused) and the old one released after.
 */
@CommandHandler(ChangeUserCommand)
export class ChangeUserHandler implements ICommandHandler<ChangeUserCommand, ChangedUser> {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
    @Inject(UserEmails) private readonly emails: UserEmails,
    @Inject(FieldCatalogues) private readonly catalogues: FieldCatalogues,
  ) {}

  async execute({ principal, userId, input, commandId = randomUUID() }: ChangeUserCommand): Promise<ChangedUser> {
    const user = await this.users.reachable(principal, userId);
    const group = await this.groups.state(user.customerGroupId);
    const moving = input.customer_group !== undefined && input.customer_group !== user.customerGroupId;
    const destination = moving ? await this.groups.reachableGroup(principal, input.customer_group!) : undefined;
    // Values are checked against the fields of the group the user is in after the change.
    const home = destination ?? (group.status === 'active' ? group : undefined);
    // A move checks the values the user holds against the destination too: what it lacks is cleared.
    const fieldIds = [...(input.custom_fields?.map((entry) => entry.field) ?? []), ...(moving ? user.fieldValues.keys() : [])];
    const catalogue = home && fieldIds.length ? await this.catalogues.of(home, fieldIds) : undefined;
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
          fieldValues: input.custom_fields && fieldValueInputs(input.custom_fields),
        },
        by: { userId: principal.userId, customerPermission: principal.customerPermission },
        group: {
          sendVerificationEmail: group.status === 'active' && group.settings.send_verification_email,
          lockedRoles: lockedRolesOf(group),
        },
        destination: destination && { customerGroupId: destination.customerGroupId, lockedRoles: lockedRolesOf(destination) },
        catalogue,
      },
    };
    const now = new Date();
    const context = { commandId, tenantId: user.rootId, customerGroupId: user.customerGroupId, actorUserId: principal.userId, acceptedAt: now };
    // Refuses what the decider refuses (400, 403, 404) before a new email is claimed.
    const newEmail = userDecider.decide(command, user).find((event): event is UserEmailChanged => event.type === 'UserEmailChanged')?.data.email;
    let position = newEmail === undefined ? 0 : await this.emails.claim(newEmail, userId, context);
    const outcome = await this.recorded(user, command, context, newEmail);
    if (outcome.state.status !== 'registered') throw notFound();
    position = Math.max(position, outcome.position);
    if (newEmail !== undefined && outcome.state.email === newEmail)
      position = Math.max(position, await this.emails.release(user.email, userId, { ...context, commandId: `${commandId}/previous` }));
    return { position, user: outcome.state };
  }

  private async recorded(user: LoadedUser, command: ChangeUser, context: CommandContext & { commandId: string }, newEmail: string | undefined) {
    try {
      return await this.commands.run(user, command, { actorUserId: context.actorUserId, now: context.acceptedAt, commandId: context.commandId });
    } catch (error) {
      if (newEmail !== undefined) await this.emails.release(newEmail, user.userId, { ...context, commandId: `${context.commandId}/undo` });
      throw error;
    }
  }
}
