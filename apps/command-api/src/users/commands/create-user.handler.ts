import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { initialUserState, normaliseEmail, notFound, userDecider, userStream, type CreateUser } from '@beacon/domain';
import { CommandExecutor, deterministicId, PLATFORM_CONFIG, type CommandContext, type PlatformConfig } from '@beacon/platform';
import { CustomerGroupAccess } from '../../shared/customer-group-access';
import { FieldCatalogues } from '../field-catalogues';
import { UserEmails } from '../user-emails';
import { fieldValueInputs } from '../field-value-inputs';
import { CreateUserCommand, type CreatedUser } from './create-user.command';

/**
 * POST /api/user/ (admins and data users): a user in a group of the caller's reach (anything else
 * answers 404), without a password: a welcome link (WELCOME_EMAIL_SECONDS) is recorded with them, which
 * WelcomeEmailSaga emails so they can set one. The decider checks the input and the locks first; then the email
 * is claimed (409 when taken) and the user recorded; a claim whose user is then refused is released.
 * The id comes from the command id, so a retry with the same Idempotency-Key answers the same user.
 */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, CreatedUser> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
    @Inject(UserEmails) private readonly emails: UserEmails,
    @Inject(FieldCatalogues) private readonly catalogues: FieldCatalogues,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ principal, input, commandId = randomUUID(), welcome }: CreateUserCommand): Promise<CreatedUser> {
    const group = await this.groups.reachableGroup(principal, input.customer_group);
    const userId = deterministicId(`${group.rootId}/user/${commandId}`);
    const email = normaliseEmail(input.email);
    const command: CreateUser = {
      type: 'CreateUser',
      data: {
        user: {
          userId,
          email,
          firstName: input.first_name,
          lastName: input.last_name,
          customerGroupId: group.customerGroupId,
          rootId: group.rootId,
          customerPermission: input.customer_permission,
          isTemporary: false,
          preferredTimezone: input.preferred_timezone,
          isActive: input.is_active,
          isMessageRecipient: input.is_message_recipient,
        },
        by: { userId: principal.userId, customerPermission: principal.customerPermission },
        lockedRoles: group.settings.locked_users,
        ...(welcome
          ? { welcome: { invitationId: randomUUID(), expiresAt: new Date(Date.now() + this.config.welcomeEmailSeconds * 1000).toISOString() } }
          : {}),
        ...(input.custom_fields?.length
          ? { fieldValues: { inputs: fieldValueInputs(input.custom_fields), catalogue: await this.catalogues.of(group, input.custom_fields.map((entry) => entry.field)) } }
          : {}),
      },
    };
    const context: CommandContext & { commandId: string } = {
      commandId,
      tenantId: group.rootId,
      customerGroupId: group.customerGroupId,
      actorUserId: principal.userId,
      acceptedAt: new Date(),
    };
    // Refuses bad input and a locked role (400, 403) before the email is claimed.
    userDecider.decide(command, initialUserState());
    const claimed = await this.emails.claim(email, userId, context);
    try {
      const outcome = await this.executor.execute(userStream(userId), userDecider, command, context);
      if (outcome.state.status !== 'registered') throw notFound();
      return { position: Math.max(claimed, outcome.position), user: outcome.state };
    } catch (error) {
      await this.emails.release(email, userId, { ...context, commandId: `${commandId}/undo` });
      throw error;
    }
  }
}
