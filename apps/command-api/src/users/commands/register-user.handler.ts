import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { normaliseEmail, userDecider, userStream } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { UserEmails } from '../user-emails';
import { RegisterUserCommand } from './register-user.command';

/** Claims the email (one user per email), records the user, and stores the password hash if given. */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, number> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(UserEmails) private readonly emails: UserEmails,
  ) {}

  async execute({ input, context }: RegisterUserCommand): Promise<number> {
    const email = normaliseEmail(input.user.email);
    await this.emails.claim(email, input.user.userId, context);
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
}
