import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ParkedEventListDto } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import { ParkedEvents } from '@beacon/projections';
import type { ReadStore } from '@beacon/read-store';
import { parkedEventDto } from './parked-event-dto';
import { ParkedEventsQuery } from './parked-events.query';

/** GET /api/parked_events/ (admin). */
@QueryHandler(ParkedEventsQuery)
export class ParkedEventsHandler implements IQueryHandler<ParkedEventsQuery, ParkedEventListDto> {
  private readonly parked: ParkedEvents;

  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    this.parked = new ParkedEvents(readStore);
  }

  async execute({ principal }: ParkedEventsQuery): Promise<ParkedEventListDto> {
    return { data: (await this.parked.ofTenant(principal.rootId)).map(parkedEventDto) };
  }
}
