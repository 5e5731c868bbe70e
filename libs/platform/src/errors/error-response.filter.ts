import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError, type DomainErrorKind, NOT_FOUND } from '@beacon/domain';
import { StreamNotFoundError, WrongExpectedRevisionError } from '@beacon/event-store';
import {
  BODY_TOO_LARGE_MESSAGE,
  REQUEST_UNREADABLE_MESSAGE,
  UNSUPPORTED_ENCODING_MESSAGE,
  unsupportedCharsetMessage,
} from '../http/request-body';

interface HttpResponse {
  status(code: number): HttpResponse;
  json(body: unknown): void;
  headersSent?: boolean;
}

export const SERVER_ERROR_MESSAGE = 'An error occurred. Please contact your administrator.';
export const CONCURRENT_CHANGE_MESSAGE = 'This record was changed by someone else at the same time. Reload it and try again.';

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  illegal_state: 409,
};

export interface ErrorResponse {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** body-parser's errors for a body it could not read (http-errors named by `type`), told in the API's words. */
const BODY_READ_ERRORS = new Map<string, (error: Error & { charset?: unknown }) => ErrorResponse>([
  ['entity.too.large', () => ({ status: 413, body: { detail: BODY_TOO_LARGE_MESSAGE } })],
  ['charset.unsupported', (error) => ({ status: 415, body: { detail: unsupportedCharsetMessage(String(error.charset ?? '')) } })],
  ['encoding.unsupported', () => ({ status: 415, body: { detail: UNSUPPORTED_ENCODING_MESSAGE } })],
]);

/**
 * An error that http-errors marks as the client's (`expose` with a 4xx status): body-parser's
 * (a body that is too large, cut short, or compressed wrongly) and the static files' (a bad path).
 */
function clientHttpError(error: unknown): ErrorResponse | undefined {
  if (!(error instanceof Error)) return undefined;
  const { type, status, expose } = error as Error & { type?: unknown; status?: unknown; expose?: unknown };
  const known = typeof type === 'string' ? BODY_READ_ERRORS.get(type) : undefined;
  if (known) return known(error);
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500) return { status, body: { detail: REQUEST_UNREADABLE_MESSAGE } };
  return undefined;
}

/**
 * An HTTP exception's body. Nest's own (an unknown route, a path that is not valid percent-encoding)
 * say `{statusCode, message, error}`; they answer `{detail}` like every other error.
 */
function httpExceptionBody(response: string | object): Record<string, unknown> {
  if (typeof response === 'string') return { detail: response };
  const body = response as Record<string, unknown>;
  if (body.detail === undefined && typeof body.message === 'string') return { detail: body.message };
  return body;
}

/** The one mapping from the domain's error taxonomy (and the ports' errors) to HTTP. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof DomainError) {
    return { status: STATUS_BY_KIND[error.kind], body: { detail: error.message, ...error.fields, ...error.body } };
  }
  if (error instanceof HttpException) return { status: error.getStatus(), body: httpExceptionBody(error.getResponse()) };
  if (error instanceof WrongExpectedRevisionError) return { status: 409, body: { detail: CONCURRENT_CHANGE_MESSAGE } };
  if (error instanceof StreamNotFoundError) return { status: 404, body: { detail: NOT_FOUND } };
  const clientError = clientHttpError(error);
  if (clientError) return clientError;
  return { status: 500, body: { detail: SERVER_ERROR_MESSAGE } };
}

@Catch()
export class ErrorResponseFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const response = host.switchToHttp().getResponse<HttpResponse>();
    const { status, body } = toErrorResponse(error);
    if (status >= 500) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (!response.headersSent) response.status(status).json(body);
  }
}
