import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AudioNoticeboardDto } from '@beacon/contracts';
import { settingsWithDefaults } from '@beacon/domain';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { AudioNoticeboardsQuery } from './audio-noticeboards.query';

/** GET /api/audio-noticeboards/: one per noticeboard number of the caller's group settings, with its message ("" until set). */
@QueryHandler(AudioNoticeboardsQuery)
export class AudioNoticeboardsHandler implements IQueryHandler<AudioNoticeboardsQuery, AudioNoticeboardDto[]> {
  constructor(@Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader) {}

  async execute({ principal }: AudioNoticeboardsQuery): Promise<AudioNoticeboardDto[]> {
    const group = await this.groups.reachable(principal, principal.customerGroupId);
    const settings = settingsWithDefaults(group.settings ?? {});
    const messages = new Map((group.noticeboard_messages ?? []).map((entry) => [entry.phone_number, entry.message]));
    return settings.noticeboard_numbers.map((number) => ({
      ...number,
      is_default: settings.default_noticeboards.includes(number.phone_number),
      message: messages.get(number.phone_number) ?? '',
    }));
  }
}
