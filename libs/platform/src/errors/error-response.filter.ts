import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError, type DomainErrorKind } from '@beacon/domain';
import { StreamNotFoundError, WrongExpectedRevisionError } from '@beacon/event-store';

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

/** The one mapping from the domain's error taxonomy (and the ports' errors) to HTTP. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof DomainError) {
    return { status: STATUS_BY_KIND[error.kind], body: { detail: error.message, ...error.fields, ...error.body } };
  }
  if (error instanceof HttpException) {
    const response = error.getResponse();
    return { status: error.getStatus(), body: typeof response === 'string' ? { detail: response } : (response as Record<string, unknown>) };
  }
  if (error instanceof WrongExpectedRevisionError) return { status: 409, body: { detail: CONCURRENT_CHANGE_MESSAGE } };
  if (error instanceof StreamNotFoundError) return { status: 404, body: { detail: 'Not found.' } };
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
