import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { lockSecondsAfter, normaliseEmail, type LockoutPolicy } from '@beacon/domain';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { RATE_LIMIT_STORE, type RateLimitStore } from '@beacon/rate-limits';

/** Django REST framework's throttling text, as the rest of the API speaks DRF. */
const throttledMessage = (seconds: number) => `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** A sign-in attempt refused before any password is checked: 429 with Retry-After. */
export class SignInThrottled extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(throttledMessage(retryAfterSeconds));
    this.name = 'SignInThrottled';
  }
}

/** How long failures on an email are remembered, counted from the first: a day. */
const FAILURE_MEMORY_SECONDS = 24 * 3600;

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** An attempt let through; it counts as failed unless the caller says otherwise. */
export interface SignInAttempt {
  /** The user signed in: the email's failures and lock are forgotten, the address gets its point back. */
  succeeded(): Promise<void>;
  /** The password was right and a second-factor code is asked for: not a failure, not yet a sign-in. */
  passwordAccepted(): Promise<void>;
}

/**
 * Throttles sign-in before any password is checked, by the same rules for every email, whether an
 * account has it or not, so neither the answers nor their timing tell which emails exist:
 * - per client address, LOGIN_ADDRESS_ATTEMPTS per LOGIN_ADDRESS_WINDOW_SECONDS (successful sign-ins
 *   are given back, so a whole office behind one address still signs in);
 * - per email, the lock-out schedule of the user decider (sign-in-lockout.ts), kept here for every
 *   email: the decider locks the account it knows, this answers "wait N seconds" for any email.
 * Each attempt is counted as a failure before the password is checked and given back when it
 * succeeds, so attempts sent all at once cannot slip past the count while the hashes are computed.
 */
@Injectable()
export class SignInThrottle {
  private readonly byAddress: RateLimiterAbstract;
  private readonly failuresByEmail: RateLimiterAbstract;
  private readonly locksByEmail: RateLimiterAbstract;
  private readonly policy: LockoutPolicy;

  constructor(@Inject(RATE_LIMIT_STORE) store: RateLimitStore, @Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    this.policy = config.loginLockout;
    this.byAddress = store.limiter({ keyPrefix: 'sign_in_address', points: config.loginAddressAttempts, duration: config.loginAddressWindowSeconds });
    // A counter, never a limit by itself: the schedule decides from its count.
    this.failuresByEmail = store.limiter({ keyPrefix: 'sign_in_failures', points: Number.MAX_SAFE_INTEGER, duration: FAILURE_MEMORY_SECONDS });
    this.locksByEmail = store.limiter({ keyPrefix: 'sign_in_lock', points: 1, duration: 1 });
  }

  /** Counts an attempt from `address` on `email`, or throws SignInThrottled. */
  async begin(email: string, address: string): Promise<SignInAttempt> {
    await this.consumeAddress(address);
    const key = normaliseEmail(email);
    const lock = await this.locksByEmail.get(key);
    if (lock && lock.msBeforeNext > 0) throw new SignInThrottled(secondsOf(lock.msBeforeNext));
    const failures = (await this.failuresByEmail.penalty(key)).consumedPoints;
    const lockSeconds = lockSecondsAfter(failures, this.policy);
    // Locked now, as if the attempt had failed: a parallel attempt is refused rather than let through.
    if (lockSeconds !== null) await this.locksByEmail.block(key, lockSeconds);
    return {
      succeeded: async () => {
        await Promise.all([this.clear(email), this.byAddress.reward(address)]);
      },
      passwordAccepted: async () => {
        await Promise.all([
          this.failuresByEmail.reward(key),
          lockSeconds === null ? Promise.resolve() : this.locksByEmail.delete(key),
          this.byAddress.reward(address),
        ]);
      },
    };
  }

  /** Forgets the email's failures and lock: a successful sign-in, or an admin clearing the user's failed attempts. */
  async clear(email: string): Promise<void> {
    const key = normaliseEmail(email);
    await Promise.all([this.failuresByEmail.delete(key), this.locksByEmail.delete(key)]);
  }

  private async consumeAddress(address: string): Promise<void> {
    try {
      await this.byAddress.consume(address);
    } catch (refusal) {
      // The library rejects with its result when the points are used up, and with an Error when the store fails.
      if (refusal instanceof RateLimiterRes) throw new SignInThrottled(secondsOf(refusal.msBeforeNext));
      throw refusal;
    }
  }
}
