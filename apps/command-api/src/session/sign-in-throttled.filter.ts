import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { SignInThrottled } from '../shared/accounts/sign-in-throttle';

interface HttpResponse {
  setHeader(name: string, value: string): unknown;
  status(code: number): HttpResponse;
  json(body: unknown): void;
}

/** 429 with Retry-After (seconds) and the text in `detail`, for the sign-in routes. */
@Catch(SignInThrottled)
export class SignInThrottledFilter implements ExceptionFilter {
  catch(error: SignInThrottled, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<HttpResponse>();
    response.setHeader('Retry-After', String(error.retryAfterSeconds));
    response.status(429).json({ detail: error.message });
  }
}
