import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import {
  createParamDecorator,
  Injectable,
  UnprocessableEntityException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import stableStringify from 'fast-json-stable-stringify';
import { Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/principal';
import { deterministicId } from './event-ids';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request. Send a new key for a new request.';

/** The parts of an HTTP request that say which command a client's Idempotency-Key names. */
export interface KeyedRequest extends AuthenticatedRequest {
  readonly method: string;
  readonly originalUrl: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body?: unknown;
}

/** A request's command, when the client named it with an Idempotency-Key. */
export interface KeyedCommand {
  /** The command id: the client's key bound to its tenant, user and route. */
  readonly commandId: string;
  /** sha256 of the request body as canonical JSON (object keys sorted). */
  readonly fingerprint: string;
}

function clientKey(request: KeyedRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return key?.trim() || undefined;
}

/**
 * The command id a client's key names. A key is the client's own name for one request, so it is bound to
 * who sends it (tenant and user; guests on public routes are one anonymous caller) and where (method and
 * path, ids included): another user, organisation or resource reusing the same key names another command,
 * runs it and never gets the first one's result. Deriving the id (rather than prefixing the key) keeps
 * every id made from it, such as a new incident's, the same for a retry and different for anyone else.
 */
export function keyedCommandId(request: KeyedRequest): string | undefined {
  const key = clientKey(request);
  if (key === undefined) return undefined;
  const path = request.originalUrl.split('?')[0];
  const caller = request.principal ? [request.principal.rootId, request.principal.userId] : [null, null];
  return deterministicId(JSON.stringify(['idempotency-key', ...caller, request.method.toUpperCase(), path, key]));
}

export function requestFingerprint(body: unknown): string {
  return createHash('sha256')
    .update(stableStringify(body ?? null))
    .digest('hex');
}

export function keyedCommandOf(request: KeyedRequest): KeyedCommand | undefined {
  const commandId = keyedCommandId(request);
  return commandId === undefined ? undefined : { commandId, fingerprint: requestFingerprint(request.body) };
}

/** The command id of the request's Idempotency-Key (see keyedCommandId), or undefined when it sent none. */
export const CommandId = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined =>
  keyedCommandId(context.switchToHttp().getRequest<KeyedRequest>()),
);

const keyedCommands = new AsyncLocalStorage<KeyedCommand>();

/**
 * The keyed command of the request being served, for the command executor: handlers pass the command id
 * on explicitly (ids are derived from it), but the body's fingerprint only matters where events are
 * written and read back, so it travels with the request rather than through every handler.
 */
export const currentKeyedCommand = (): KeyedCommand | undefined => keyedCommands.getStore();

/** Runs `serve` (and everything it starts) as the serving of the keyed command's request. */
export const runKeyedCommand = <T>(keyed: KeyedCommand, serve: () => T): T => keyedCommands.run(keyed, serve);

/** Serves a request that sent an Idempotency-Key within its keyed command (see currentKeyedCommand). */
@Injectable()
export class IdempotencyKeyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const keyed = keyedCommandOf(context.switchToHttp().getRequest<KeyedRequest>());
    if (!keyed) return next.handle();
    return new Observable((subscriber) => runKeyedCommand(keyed, () => next.handle().subscribe(subscriber)));
  }
}

/**
 * Whether events already recorded under the command id may answer this request: those recorded by a request
 * with another body may not (422). Events recorded without a fingerprint (before fingerprints were kept, or
 * outside a request) answer any retry, as they always did.
 */
export function assertSameRequest(recordedFingerprint: unknown, fingerprint: string | undefined): void {
  if (fingerprint === undefined || typeof recordedFingerprint !== 'string') return;
  if (recordedFingerprint !== fingerprint) throw new UnprocessableEntityException({ detail: IDEMPOTENCY_KEY_REUSED_MESSAGE });
}
