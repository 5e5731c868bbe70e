import { Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type AudioNoticeboardDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { AudioNoticeboardsQuery } from './queries/audio-noticeboards.query';

@QueryController()
export class AudioNoticeboardController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** GET /api/audio-noticeboards/ (spec part 2 §7) */
  @Get(ROUTES.audioNoticeboards.path)
  list(@CurrentPrincipal() principal: Principal): Promise<AudioNoticeboardDto[]> {
    return this.queryBus.execute(new AudioNoticeboardsQuery(principal));
  }
}
