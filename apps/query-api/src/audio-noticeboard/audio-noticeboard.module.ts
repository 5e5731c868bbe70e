import { Module } from '@nestjs/common';
import { AudioNoticeboardController } from './audio-noticeboard.controller';
import { AudioNoticeboardsHandler } from './queries/audio-noticeboards.handler';

/** The audio-noticeboard reads (from the customer groups read model). */
@Module({
  controllers: [AudioNoticeboardController],
  providers: [AudioNoticeboardsHandler],
})
export class AudioNoticeboardModule {}
