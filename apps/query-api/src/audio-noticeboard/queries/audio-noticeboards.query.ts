import { Query } from '@nestjs/cqrs';
import type { AudioNoticeboardDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The noticeboards of the caller's own customer group. */
export class AudioNoticeboardsQuery extends Query<AudioNoticeboardDto[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
