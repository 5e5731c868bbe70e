import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { EmailProviderCallbackSchema } from '@beacon/contracts';

/** Sent on the CommandBus; RecordProviderReportHandler carries it out (its comment has the rules). Whether anything was recorded. */
export class RecordProviderReportCommand extends Command<boolean> {
  constructor(
    readonly report: z.output<typeof EmailProviderCallbackSchema>,
    readonly now: Date,
  ) {
    super();
  }
}
