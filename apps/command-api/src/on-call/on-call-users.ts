import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_TIMEZONE, isIanaTimeZone, type RegisteredUser } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import { CustomerGroupAccess } from '../shared/customer-group-access';
import { UserLookup, type LoadedUser } from '../shared/accounts/user-lookup';

/** A user whose periods may be written, and the zone they read times in. */
export interface OnCallUser {
  readonly user: LoadedUser;
  readonly timeZone: string;
}

/** "First Last (email)": how a refusal names a user. */
export const userName = (user: Pick<RegisteredUser, 'firstName' | 'lastName' | 'email'>) => `${user.firstName} ${user.lastName} (${user.email})`;

/**
 * The users of on-call writes, from their streams (strongly consistent): in the caller's reach (any
 * other, a deleted one or another tenant's, answers 404), with their time zone: their preferred one,
 * else their group's preferred_timezone, else the product's default.
 */
@Injectable()
export class OnCallUsers {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CustomerGroupAccess) private readonly groups: CustomerGroupAccess,
  ) {}

  async reachable(principal: Principal, userId: string): Promise<OnCallUser> {
    const user = await this.users.reachable(principal, userId);
    if (isIanaTimeZone(user.preferredTimezone)) return { user, timeZone: user.preferredTimezone };
    const group = await this.groups.state(user.customerGroupId);
    const zone = group.status === 'active' ? group.settings.preferred_timezone : DEFAULT_TIMEZONE;
    return { user, timeZone: isIanaTimeZone(zone) ? zone : DEFAULT_TIMEZONE };
  }
}
