import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { conflict, normaliseEmail, schemaVersionOf, userDecider, userEmailStream, userStream, type UserEmailClaimed } from '@beacon/domain';
import { WrongExpectedRevisionError, type EventStore } from '@beacon/event-store';
import { CommandExecutor, EVENT_STORE, eventIdFor, type CommandContext } from '@beacon/platform';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { RegisterUserCommand } from './register-user.command';

/** Claims the email (one user per email), records the user, and stores the password hash if given. */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, number> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(UserLookup) private readonly users: UserLookup,
  ) {}

  async execute({ input, context }: RegisterUserCommand): Promise<number> {
    const email = normaliseEmail(input.user.email);
    await this.claimEmail(email, input.user.userId, context);
    const registered = await this.executor.execute(
      userStream(input.user.userId),
      userDecider,
      { type: 'RegisterUser', data: { ...input.user, email } },
      context,
    );
    if (!input.password) return registered.position;
    await this.credentials.setPassword(input.user.userId, input.password);
    const passwordSet = await this.executor.execute(
      userStream(input.user.userId),
      userDecider,
      { type: 'SetPassword', data: { userId: input.user.userId } },
      { ...context, commandId: `${context.commandId}/password` },
    );
    return passwordSet.position;
  }

  private async claimEmail(email: string, userId: string, context: CommandContext & { commandId: string }): Promise<void> {
    const claim: UserEmailClaimed = { type: 'UserEmailClaimed', data: { email, userId } };
    try {
      await this.eventStore.appendToStream(
        userEmailStream(email),
        [{ id: eventIdFor(`${context.commandId}/email`, 0), ...claim, metadata: { tenantId: context.tenantId, actorUserId: context.actorUserId, schemaVersion: schemaVersionOf(claim.type) } }],
        { expectedRevision: 'no-stream' },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if ((await this.users.userIdByEmail(email)) !== userId) throw conflict('A user with this email already exists.');
    }
  }
}
