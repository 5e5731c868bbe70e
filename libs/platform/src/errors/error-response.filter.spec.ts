import { describe, expect, it } from '@jest/globals';
import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { DomainError, notFound, validationError } from '@beacon/domain';
import { StreamNotFoundError, WrongExpectedRevisionError } from '@beacon/event-store';
import { BODY_TOO_LARGE_MESSAGE, REQUEST_UNREADABLE_MESSAGE } from '../http/request-body';
import { CONCURRENT_CHANGE_MESSAGE, SERVER_ERROR_MESSAGE, toErrorResponse } from './error-response.filter';

/** An error as body-parser raises it (http-errors: a status, `expose` for the client's faults, a type). */
const bodyParserError = (status: number, type: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('request entity too large'), { status, statusCode: status, expose: status < 500, type, ...extra });

describe('error responses', () => {
  it('maps each domain error kind to its status with the message and field messages', () => {
    expect(toErrorResponse(validationError('Invalid.', { name: ['Required.'] }))).toEqual({
      status: 400,
      body: { detail: 'Invalid.', name: ['Required.'] },
    });
    expect(toErrorResponse(notFound())).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect(toErrorResponse(new DomainError('forbidden', 'No.')).status).toBe(403);
    expect(toErrorResponse(new DomainError('conflict', 'Taken.')).status).toBe(409);
    expect(toErrorResponse(new DomainError('unauthenticated', 'Who?')).status).toBe(401);
  });

  it('adds the further members a domain error carries to its body', () => {
    const error = new DomainError('conflict', 'Changed meanwhile.', {}, { conflicting_fields: ['f1'], incident: { id: 'i1' } });
    expect(toErrorResponse(error)).toEqual({
      status: 409,
      body: { detail: 'Changed meanwhile.', conflicting_fields: ['f1'], incident: { id: 'i1' } },
    });
  });

  it('keeps the answer of an HTTP exception such as a malformed body', () => {
    expect(toErrorResponse(new BadRequestException('Bad JSON')).status).toBe(400);
  });

  it("answers Nest's own HTTP exceptions as {detail}, and keeps bodies that already say it", () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/nothing/'))).toEqual({ status: 404, body: { detail: 'Cannot GET /api/nothing/' } });
    expect(toErrorResponse(new PayloadTooLargeException({ detail: 'Too big.', file: ['Too big.'] }))).toEqual({
      status: 413,
      body: { detail: 'Too big.', file: ['Too big.'] },
    });
  });

  it("answers a body that could not be read with its 4xx status in the API's words, never 500", () => {
    expect(toErrorResponse(bodyParserError(413, 'entity.too.large'))).toEqual({ status: 413, body: { detail: BODY_TOO_LARGE_MESSAGE } });
    // body-parser rewrites the status of an error met while inflating to 400; the type still tells it was the size.
    expect(toErrorResponse(bodyParserError(400, 'entity.too.large'))).toEqual({ status: 413, body: { detail: BODY_TOO_LARGE_MESSAGE } });
    expect(toErrorResponse(bodyParserError(415, 'charset.unsupported', { charset: 'latin7' }))).toEqual({
      status: 415,
      body: { detail: 'Unsupported charset "latin7" in request: send JSON as UTF-8.' },
    });
    expect(toErrorResponse(bodyParserError(400, 'request.aborted'))).toEqual({ status: 400, body: { detail: REQUEST_UNREADABLE_MESSAGE } });
    expect(toErrorResponse(Object.assign(new Error('incorrect header check'), { status: 400, expose: true }))).toEqual({
      status: 400,
      body: { detail: REQUEST_UNREADABLE_MESSAGE },
    });
  });

  it("does not take an error's own status as the client's fault unless it says it may be shown", () => {
    expect(toErrorResponse(Object.assign(new Error('stream is not readable'), { status: 400, expose: false })).status).toBe(500);
    expect(toErrorResponse(bodyParserError(500, 'stream.not.readable')).status).toBe(500);
  });

  it('turns a concurrent change that survived the retries into 409, and a missing stream into 404', () => {
    expect(toErrorResponse(new WrongExpectedRevisionError('s-1', 3, 4))).toEqual({ status: 409, body: { detail: CONCURRENT_CHANGE_MESSAGE } });
    expect(toErrorResponse(new StreamNotFoundError('s-1')).status).toBe(404);
  });

  it('answers anything else with 500 and the generic text, never the internal message', () => {
    expect(toErrorResponse(new Error('SQLITE_CORRUPT at /data/events.sqlite'))).toEqual({
      status: 500,
      body: { detail: SERVER_ERROR_MESSAGE },
    });
  });
});
