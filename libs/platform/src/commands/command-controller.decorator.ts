import { applyDecorators, Controller, UseInterceptors } from '@nestjs/common';
import { IdempotencyKeyInterceptor } from './idempotency-key';

/**
 * A controller of writes: its routes accept an Idempotency-Key (a retried command answers what the
 * first one did). Reads do not carry the interceptor, so they skip its per-call cost.
 */
export const CommandController = (): ClassDecorator => applyDecorators(Controller(), UseInterceptors(IdempotencyKeyInterceptor));
