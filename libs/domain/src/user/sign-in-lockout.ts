/**
 * How failed sign-ins lock an account (LOGIN_LOCKOUT_*): the `attempts`-th consecutive failure
 * locks it for `seconds`; once a lock has run out, one more failure locks it again for twice as
 * long as the lock before, up to `maxSeconds`. A lock never lasts for good, so nobody can keep an
 * account (an admin's included) out of reach by guessing; the growing back-off still leaves a
 * guesser about one try an hour per account. A successful sign-in, or an admin, starts the count again.
 */
export interface LockoutPolicy {
  readonly attempts: number;
  readonly seconds: number;
  readonly maxSeconds: number;
}

/** How long the lock that the `failures`-th consecutive failure starts lasts, in seconds; null when it starts none. */
export function lockSecondsAfter(failures: number, policy: LockoutPolicy): number | null {
  if (failures < policy.attempts) return null;
  return Math.min(policy.seconds * 2 ** (failures - policy.attempts), policy.maxSeconds);
}
