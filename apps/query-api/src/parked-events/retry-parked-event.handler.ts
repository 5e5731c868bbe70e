import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ParkedEventRetryDto } from '@beacon/contracts';
import { notFound } from '@beacon/domain';
import { READ_STORE } from '@beacon/platform';
import { ParkedEvents } from '@beacon/projections';
import type { ReadStore } from '@beacon/read-store';
import { ProjectionHost } from '../shared/projections/projection-host';
import { parkedEventDto } from './parked-event-dto';
import { RetryParkedEventCommand } from './retry-parked-event.command';

/**
 * POST /api/parked_events/{id}/retry/: a command of the read side (it changes read-side state only,
 * so query-api serves it). The node running the read model applies the event on its next tick (at
 * once when that is this node); the event leaves the list once applied. Unknown ids and other
 * organisations' answer 404.
 */
@CommandHandler(RetryParkedEventCommand)
export class RetryParkedEventHandler implements ICommandHandler<RetryParkedEventCommand, ParkedEventRetryDto> {
  private readonly parked: ParkedEvents;

  constructor(
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
  ) {
    this.parked = new ParkedEvents(readStore);
  }

  async execute({ principal, parkedEventId }: RetryParkedEventCommand): Promise<ParkedEventRetryDto> {
    if (!(await this.parked.requestRetry(principal.rootId, parkedEventId))) throw notFound();
    const requested = await this.parked.find(parkedEventId);
    if (!requested) throw notFound();
    void this.projections.runner.nudge();
    return { data: parkedEventDto(requested) };
  }
}
