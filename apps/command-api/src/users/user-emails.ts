import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  foldEvents,
  normaliseEmail,
  userDecider,
  userEmailDecider,
  userEmailStream,
  userStream,
  type UserEmailEvent,
  type UserEvent,
} from '@beacon/domain';
import { CommandExecutor, type CommandContext } from '@beacon/platform';

/**
 * One user per email: each email's own stream says who holds it (domain user-email.ts). A claim by
 * another user while it is held answers 409 "A user with this email already exists."; deleting a user
 * releases it. Both take the command's id with an `/email` suffix, so a retried request records nothing twice.
 * An email still held by a user who no longer has it (deleted, or moved to another email, when the
 * release after that never ran) is released by the next claim.
 */
@Injectable()
export class UserEmails {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async claim(email: string, userId: string, context: CommandContext & { commandId: string }): Promise<number> {
    try {
      return await this.run('ClaimUserEmail', email, userId, context);
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
      const holder = await this.holder(email);
      if (holder === null || !(await this.gaveUp(holder, email))) throw error;
      await this.release(email, holder, { ...context, commandId: `${context.commandId}/stale` });
      return this.run('ClaimUserEmail', email, userId, context);
    }
  }

  async release(email: string, userId: string, context: CommandContext & { commandId: string }): Promise<number> {
    return this.run('ReleaseUserEmail', email, userId, context);
  }

  private async holder(email: string): Promise<string | null> {
    const events = await this.executor.readStreamOrEmpty(userEmailStream(email));
    return foldEvents(userEmailDecider, events.map((e) => ({ type: e.type, data: e.data }) as UserEmailEvent)).holder;
  }

  /** Whether the user is deleted or has another email now. */
  private async gaveUp(userId: string, email: string): Promise<boolean> {
    const events = await this.executor.readStreamOrEmpty(userStream(userId));
    const user = foldEvents(userDecider, events.map((e) => ({ type: e.type, data: e.data }) as UserEvent));
    return user.status === 'deleted' || (user.status === 'registered' && user.email !== normaliseEmail(email));
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
