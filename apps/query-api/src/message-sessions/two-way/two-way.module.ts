import { Module } from '@nestjs/common';
import { ResponseLinkReader, ResponsePageLimit } from '@beacon/platform';
import { ResponseLinkExpiry } from './response-link-expiry';
import { ResponseLinkTokens } from './response-link-tokens';
import { ResponseLinks } from './response-links';
import { ResponsePageController } from './response-page.controller';

/** The two-way SMS link: each text's response address, written before it is queued, the response page's read, and the records' expiry. */
@Module({
  controllers: [ResponsePageController],
  providers: [ResponseLinkTokens, ResponseLinks, ResponseLinkReader, ResponsePageLimit, ResponseLinkExpiry],
  exports: [ResponseLinks],
})
export class TwoWayLinksModule {}
