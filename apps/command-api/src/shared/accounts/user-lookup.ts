import { Inject, Injectable } from '@nestjs/common';
import {
  foldEvents,
  notFound,
  userDecider,
  userEmailDecider,
  userEmailStream,
  userStream,
  type RegisteredUser,
  type UserEmailEvent,
  type UserEvent,
  type UserState,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { CommandExecutor, type Principal } from '@beacon/platform';
import { CustomerGroupAccess } from '../customer-group-access';

/**
 * The events a user's state was folded from. A command on the user then decides on them instead of
 * reading the stream a second time (UserCommands). A symbol: it never shows in a spread or in JSON.
 */
export const USER_HISTORY = Symbol('the events the user state was folded from');

export type LoadedUserState = UserState & { readonly [USER_HISTORY]?: readonly RecordedEvent[] };
export type LoadedUser = RegisteredUser & { readonly [USER_HISTORY]?: readonly RecordedEvent[] };

/** Finds users from their streams (strongly consistent, unlike the read models). */
@Injectable()
export class UserLookup {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  /** The user holding the email now (a deleted user's email is released: null). */
  async userIdByEmail(email: string): Promise<string | null> {
    const events = await this.executor.readStreamOrEmpty(userEmailStream(email));
    return foldEvents(userEmailDecider, events.map((e) => ({ type: e.type, data: e.data }) as UserEmailEvent)).holder;
  }

  async state(userId: string): Promise<LoadedUserState> {
    const events = await this.executor.readStreamOrEmpty(userStream(userId));
    const state = foldEvents(userDecider, events.map((e) => ({ type: e.type, data: e.data }) as UserEvent));
    return { ...state, [USER_HISTORY]: events };
  }

  /** The user, or 404. */
  async registered(userId: string): Promise<LoadedUser> {
    const user = await this.state(userId);
    if (user.status !== 'registered') throw notFound();
    return user;
  }

  /**
   * A user in the caller's reach: their tenant, in their own customer group or a descendant.
   * Anything else answers 404, so another tenant's ids reveal nothing.
   */
  async reachable(principal: Principal, userId: string): Promise<LoadedUser> {
    const user = await this.registered(userId);
    if (user.rootId !== principal.rootId) throw notFound();
    await this.groups.reachableGroup(principal, user.customerGroupId);
    return user;
  }
}
