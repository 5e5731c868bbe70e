import { describe, expect, it } from 'vitest';
import { BadRequestException } from '@nestjs/common';
import { DomainError, notFound, validationError } from '@beacon/domain';
import { StreamNotFoundError, WrongExpectedRevisionError } from '@beacon/event-store';
import { CONCURRENT_CHANGE_MESSAGE, SERVER_ERROR_MESSAGE, toErrorResponse } from './error-response.filter';

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
