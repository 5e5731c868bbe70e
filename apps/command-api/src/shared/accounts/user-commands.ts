import { Inject, Injectable } from '@nestjs/common';
import { userDecider, userStream, type UserCommand, type UserEvent, type UserState } from '@beacon/domain';
import { CommandExecutor, type CommandOutcome } from '@beacon/platform';
import { USER_HISTORY, type LoadedUser } from './user-lookup';

export interface UserCommandOptions {
  /** Who acts: the user themselves, an admin, or null for the system. */
  readonly actorUserId: string | null;
  readonly now: Date;
  /** Idempotency key, when the client sent one. */
  readonly commandId?: string;
}

/**
 * Runs a command on a user's stream, with the user's tenant and customer group in the event metadata.
 * A user just looked up (UserLookup) brings the events it was read from: the command decides on
 * them, so the stream is read once per command.
 */
@Injectable()
export class UserCommands {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  run(user: LoadedUser, command: UserCommand, options: UserCommandOptions): Promise<CommandOutcome<UserEvent, UserState>> {
    const context = {
      commandId: options.commandId,
      tenantId: user.rootId,
      customerGroupId: user.customerGroupId,
      actorUserId: options.actorUserId,
      acceptedAt: options.now,
    };
    return this.executor.execute(userStream(user.userId), userDecider, command, context, { history: user[USER_HISTORY] });
  }
}

export const recorded = (outcome: CommandOutcome<UserEvent>, type: UserEvent['type']): boolean =>
  outcome.events.some((event) => event.type === type);
