import { Module } from '@nestjs/common';
import { ResponseLinkReader, ResponsePageLimit } from '@beacon/platform';
import { ResponsePageAnswers } from './response-page-answers';
import { ResponsePageController } from './response-page.controller';

/** The two-way SMS link's response page: a recipient's answer, recorded as their text's reply. */
@Module({
  controllers: [ResponsePageController],
  providers: [ResponsePageAnswers, ResponseLinkReader, ResponsePageLimit],
})
export class ResponsePageModule {}
