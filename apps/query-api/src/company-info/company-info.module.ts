import { Module } from '@nestjs/common';
import { CompanyInfoController } from './company-info.controller';
import { CompanyInfoHandler } from './queries/company-info.handler';

/** The company-info read. */
@Module({
  controllers: [CompanyInfoController],
  providers: [CompanyInfoHandler],
})
export class CompanyInfoModule {}
