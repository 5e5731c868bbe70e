import { Module } from '@nestjs/common';
import { AudioNoticeboardController } from './audio-noticeboard.controller';
import { ChangeAudioNoticeboardHandler } from './commands/change-audio-noticeboard.handler';

/** The audio-noticeboard writes (messages recorded on the customer group's stream). */
@Module({
  controllers: [AudioNoticeboardController],
  providers: [ChangeAudioNoticeboardHandler],
})
export class AudioNoticeboardModule {}
