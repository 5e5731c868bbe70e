import { Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ROUTES, type ParkedEventDto, type ParkedEventListDto, type ParkedEventRetryDto } from '@beacon/contracts';
import { notFound } from '@beacon/domain';
import { CurrentPrincipal, READ_STORE, type Principal } from '@beacon/platform';
import { ParkedEvents, type ParkedEventDocument } from '@beacon/projections';
import type { ReadStore } from '@beacon/read-store';
import { ProjectionHost } from '../projections/projection-host';
import { QueryController } from '../shared/query-controller.decorator';

const toDto = ({ _id, tenant_id: _tenant, ...parked }: ParkedEventDocument): ParkedEventDto => ({ id: _id, ...parked });

/** The organisation's parked events (admin): list, and ask for a retry once the fault is fixed. */
@QueryController()
export class ParkedEventsController {
  private readonly parked: ParkedEvents;

  constructor(
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(ProjectionHost) private readonly projections: ProjectionHost,
  ) {
    this.parked = new ParkedEvents(readStore);
  }

  /** GET /api/parked_events/: newest first. */
  @Get(ROUTES.parkedEvents.path)
  async list(@CurrentPrincipal() principal: Principal): Promise<ParkedEventListDto> {
    return { data: (await this.parked.ofTenant(principal.rootId)).map(toDto) };
  }

  /**
   * POST /api/parked_events/{id}/retry/: 202, the node running the read model applies it on its
   * next tick (at once when that is this node); the event leaves the list once applied.
   */
  @Post(ROUTES.retryParkedEvent.path)
  @HttpCode(202)
  async retry(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ParkedEventRetryDto> {
    if (!(await this.parked.requestRetry(principal.rootId, id))) throw notFound();
    const requested = await this.parked.find(id);
    if (!requested) throw notFound();
    void this.projections.runner.nudge();
    return { data: toDto(requested) };
  }
}
