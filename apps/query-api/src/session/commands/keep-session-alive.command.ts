import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Extends the caller's token to the whole idle lifetime; answers the new expiry (ms since the epoch). */
export class KeepSessionAliveCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly now: number,
  ) {
    super();
  }
}
