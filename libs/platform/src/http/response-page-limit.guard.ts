import { HttpException, HttpStatus, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RATE_LIMIT_STORE, type RateLimitStore } from '@beacon/rate-limits';

/** Requests a client address may make of the two-way SMS response page's routes, together, each minute. */
export const RESPONSE_PAGE_REQUESTS_PER_MINUTE = 120;

export const tooManyResponsePageRequestsMessage = (seconds: number) =>
  `Too many requests were made from your address. Wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

interface ClientRequest {
  readonly ip?: string;
  readonly socket: { readonly remoteAddress?: string };
}

/**
 * The response page's routes are public and their only key is the token, so each client address (as
 * TRUST_PROXY lets Express read it) gets RESPONSE_PAGE_REQUESTS_PER_MINUTE of them a minute, counted on
 * every node alike (the rate-limit store): far more than a person answering needs, far too few to
 * guess a 128-bit token. Past it: 429 with Retry-After.
 */
@Injectable()
export class ResponsePageLimit implements CanActivate {
  private readonly requests: RateLimiterAbstract;

  constructor(@Inject(RATE_LIMIT_STORE) store: RateLimitStore) {
    this.requests = store.limiter({ keyPrefix: 'response_page', points: RESPONSE_PAGE_REQUESTS_PER_MINUTE, duration: 60 });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<ClientRequest>();
    try {
      await this.requests.consume(request.ip ?? request.socket.remoteAddress ?? 'unknown');
      return true;
    } catch (refusal) {
      // The library rejects with its result when the points are used up, and with an Error when the store fails.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      http.getResponse<{ setHeader(name: string, value: string): unknown }>().setHeader('Retry-After', String(seconds));
      throw new HttpException({ detail: tooManyResponsePageRequestsMessage(seconds) }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
