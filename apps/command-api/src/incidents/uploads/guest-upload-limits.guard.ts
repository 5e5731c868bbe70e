import { HttpException, HttpStatus, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { RATE_LIMIT_STORE, type RateLimitStore } from '@beacon/rate-limits';
import { MAX_FORM_FIELD_BYTES } from '../../shared/uploads/upload-limits';
import { MAX_GUEST_ATTACHMENT_BYTES } from './upload-limits';

const MB = 1024 * 1024;

/** The most a guest's upload form can make the server read: the file at its limit, `file_data` and the parts' headers. */
export const MAX_GUEST_FORM_BYTES = MAX_GUEST_ATTACHMENT_BYTES + MAX_FORM_FIELD_BYTES + 64 * 1024;

export const tooManyGuestUploadsMessage = (seconds: number) =>
  `Too many files were sent from your address. Wait ${seconds} second${seconds === 1 ? '' : 's'} before sending another.`;
export const tooManyGuestBytesMessage = (seconds: number) =>
  `Too much was uploaded from your address in the last hour. Wait ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''} before sending another file.`;

interface GuestRequest {
  readonly ip?: string;
  readonly socket: { readonly remoteAddress?: string };
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

interface RetryableResponse {
  setHeader(name: string, value: string): unknown;
}

/** The bytes a form will make the server read: its declared length, at most what the upload reads of any form. */
function bytesOf(request: GuestRequest): number {
  const declared = Number(request.headers['content-length']);
  return Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, MAX_GUEST_FORM_BYTES) : MAX_GUEST_FORM_BYTES;
}

/**
 * Anyone on the internet may upload to a public incident template page, so each client address (as
 * TRUST_PROXY lets Express read it behind the gateway) gets GUEST_UPLOADS_PER_MINUTE uploads a minute and
 * GUEST_UPLOAD_MB_PER_HOUR megabytes an hour, counted on every node alike (the rate-limit store). Checked
 * before any byte of the form is read: the bytes counted are those the form declares (at most what an upload
 * reads), whether or not it is then accepted, as reading them is the cost. Past a limit: 429 with Retry-After.
 */
@Injectable()
export class GuestUploadLimits implements CanActivate {
  private readonly uploads: RateLimiterAbstract;
  private readonly bytes: RateLimiterAbstract;

  constructor(@Inject(RATE_LIMIT_STORE) store: RateLimitStore, @Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    this.uploads = store.limiter({ keyPrefix: 'guest_upload_count', points: config.guestUploadsPerMinute, duration: 60 });
    this.bytes = store.limiter({ keyPrefix: 'guest_upload_bytes', points: config.guestUploadMbPerHour * MB, duration: 3600 });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<GuestRequest>();
    const response = http.getResponse<RetryableResponse>();
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    await consume(this.uploads, address, 1, tooManyGuestUploadsMessage, response);
    await consume(this.bytes, address, bytesOf(request), tooManyGuestBytesMessage, response);
    return true;
  }
}

async function consume(
  limiter: RateLimiterAbstract,
  address: string,
  points: number,
  message: (seconds: number) => string,
  response: RetryableResponse,
): Promise<void> {
  try {
    await limiter.consume(address, points);
  } catch (refusal) {
    // The library rejects with its result when the points are used up, and with an Error when the store fails.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    response.setHeader('Retry-After', String(seconds));
    throw new HttpException({ detail: message(seconds) }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
