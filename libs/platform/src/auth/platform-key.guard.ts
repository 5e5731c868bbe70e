import { createHash, timingSafeEqual } from 'node:crypto';
import {
  applyDecorators,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { RATE_LIMIT_STORE, type RateLimitStore } from '@beacon/rate-limits';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG } from '../infrastructure/tokens';
import { Public } from './public.decorator';

const PLATFORM_SCHEME = /^Platform\s+(\S+)$/i;

export const PLATFORM_API_OFF = 'The platform API is off: set PLATFORM_API_KEY to turn it on.';
export const PLATFORM_KEY_REQUIRED = "Platform calls take `Authorization: Platform <PLATFORM_API_KEY>`; a user's token is not accepted.";
export const PLATFORM_KEY_WRONG = 'The platform key is not valid.';
export const tooManyPlatformCalls = (seconds: number) => `Too many platform calls from your address. Wait ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** Calls an address may make a minute, and wrong keys it may send in 15 minutes. */
export const PLATFORM_CALLS_PER_MINUTE = 120;
export const PLATFORM_WRONG_KEYS_PER_15_MINUTES = 10;

interface PlatformRequest {
  readonly ip?: string;
  readonly socket: { readonly remoteAddress?: string };
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

interface RetryableResponse {
  setHeader(name: string, value: string): unknown;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The platform's operators' calls (`/api/platform/`): `Authorization: Platform <PLATFORM_API_KEY>`,
 * compared in constant time (of the keys' digests, so not even the length shows); 404 while no key is
 * set. Each address gets PLATFORM_CALLS_PER_MINUTE calls a minute and PLATFORM_WRONG_KEYS_PER_15_MINUTES
 * wrong keys (429 with Retry-After past either), counted on every node alike (the rate-limit store).
 */
@Injectable()
export class PlatformKeyGuard implements CanActivate {
  private readonly calls: RateLimiterAbstract;
  private readonly wrongKeys: RateLimiterAbstract;
  private readonly key: Buffer | null;

  constructor(@Inject(RATE_LIMIT_STORE) store: RateLimitStore, @Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    this.calls = store.limiter({ keyPrefix: 'platform_calls', points: PLATFORM_CALLS_PER_MINUTE, duration: 60 });
    this.wrongKeys = store.limiter({ keyPrefix: 'platform_wrong_keys', points: PLATFORM_WRONG_KEYS_PER_15_MINUTES, duration: 15 * 60 });
    this.key = config.platformApiKey ? digest(config.platformApiKey) : null;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.key) throw new NotFoundException({ detail: PLATFORM_API_OFF });
    const http = context.switchToHttp();
    const request = http.getRequest<PlatformRequest>();
    const response = http.getResponse<RetryableResponse>();
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    await consume(this.calls, address, response);
    const header = request.headers.authorization;
    const given = (Array.isArray(header) ? header[0] : header)?.match(PLATFORM_SCHEME)?.[1];
    if (!given) throw new UnauthorizedException({ detail: PLATFORM_KEY_REQUIRED });
    const blocked = await this.wrongKeys.get(address);
    if (blocked && blocked.remainingPoints <= 0) refuse(blocked, response);
    if (!timingSafeEqual(digest(given), this.key)) {
      await consume(this.wrongKeys, address, response);
      throw new UnauthorizedException({ detail: PLATFORM_KEY_WRONG });
    }
    return true;
  }
}

function refuse(result: RateLimiterRes, response: RetryableResponse): never {
  const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  response.setHeader('Retry-After', String(seconds));
  throw new HttpException({ detail: tooManyPlatformCalls(seconds) }, HttpStatus.TOO_MANY_REQUESTS);
}

async function consume(limiter: RateLimiterAbstract, address: string, response: RetryableResponse): Promise<void> {
  try {
    await limiter.consume(address);
  } catch (refusal) {
    // The library rejects with its result when the points are used up, and with an Error when the store fails.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    refuse(refusal, response);
  }
}

/** A platform operators' call: no user token (the token guard passes it by), the platform key instead. */
export const PlatformCall = () => applyDecorators(Public(), UseGuards(PlatformKeyGuard));
