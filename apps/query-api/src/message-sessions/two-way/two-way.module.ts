import { Module } from '@nestjs/common';
import { ResponseLinkReader, ResponsePageLimit } from '@beacon/platform';
import { ResponseLinkTokens } from './response-link-tokens';
import { ResponseLinks } from './response-links';
import { ResponsePageController } from './response-page.controller';

/** The two-way SMS link: each text's response address, written before it is queued, and the response page's read. */
@Module({
  controllers: [ResponsePageController],
  providers: [ResponseLinkTokens, ResponseLinks, ResponseLinkReader, ResponsePageLimit],
  exports: [ResponseLinks],
})
export class TwoWayLinksModule {}
