import { Inject, Injectable } from '@nestjs/common';
import { normaliseEmail, userEmailDecider, userEmailStream } from '@beacon/domain';
import { CommandExecutor, type CommandContext } from '@beacon/platform';

/**
 * One user per email: each email's own stream says who holds it (domain user-email.ts). A claim by
 * another user while it is held answers 409 "A user with this email already exists."; deleting a user
 * releases it. Both take the command's id with an `/email` suffix, so a retried request records nothing twice.
 */
@Injectable()
export class UserEmails {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async claim(email: string, userId: string, context: CommandContext & { commandId: string }): Promise<number> {
    return this.run('ClaimUserEmail', email, userId, context);
  }

  async release(email: string, userId: string, context: CommandContext & { commandId: string }): Promise<number> {
    return this.run('ReleaseUserEmail', email, userId, context);
  }

  private async run(type: 'ClaimUserEmail' | 'ReleaseUserEmail', email: string, userId: string, context: CommandContext & { commandId: string }) {
    const outcome = await this.executor.execute(
      userEmailStream(email),
      userEmailDecider,
      { type, data: { email: normaliseEmail(email), userId } },
      { ...context, commandId: `${context.commandId}/email` },
    );
    return outcome.position;
  }
}
