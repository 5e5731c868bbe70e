import { Inject, Injectable } from '@nestjs/common';
import { userDecider, userStream, type RegisteredUser, type UserCommand, type UserEvent } from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';

export interface UserCommandOptions {
  /** Who acts: the user themselves, an admin, or null for the system. */
  readonly actorUserId: string | null;
  readonly now: Date;
  /** Idempotency key, when the client sent one. */
  readonly commandId?: string;
}

/** Runs a command on a user's stream, with the user's tenant and customer group in the event metadata. */
@Injectable()
export class UserCommands {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  run(user: RegisteredUser, command: UserCommand, options: UserCommandOptions): Promise<CommandOutcome<UserEvent>> {
    return this.executor.execute(userStream(user.userId), userDecider, command, {
      commandId: options.commandId,
      tenantId: user.rootId,
      customerGroupId: user.customerGroupId,
      actorUserId: options.actorUserId,
      acceptedAt: options.now,
    });
  }
}

export const recorded = (outcome: CommandOutcome<UserEvent>, type: UserEvent['type']): boolean =>
  outcome.events.some((event) => event.type === type);
