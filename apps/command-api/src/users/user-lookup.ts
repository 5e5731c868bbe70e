import { Inject, Injectable } from '@nestjs/common';
import { foldEvents, userDecider, userEmailStream, userStream, type UserEmailClaimed, type UserEvent, type UserState } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';

/** Finds users from their streams (strongly consistent, unlike the read models). */
@Injectable()
export class UserLookup {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async userIdByEmail(email: string): Promise<string | null> {
    const [claim] = await this.executor.readStreamOrEmpty(userEmailStream(email));
    return claim ? (claim.data as UserEmailClaimed['data']).userId : null;
  }

  async state(userId: string): Promise<UserState> {
    const events = await this.executor.readStreamOrEmpty(userStream(userId));
    return foldEvents(userDecider, events.map((e) => ({ type: e.type, data: e.data }) as UserEvent));
  }
}
