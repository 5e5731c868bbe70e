import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CompanyInfoDto } from '@beacon/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { CompanyInfoQuery } from './company-info.query';

/** GET /api/get_company_info/: from the configuration, no read model. */
@QueryHandler(CompanyInfoQuery)
export class CompanyInfoHandler implements IQueryHandler<CompanyInfoQuery, CompanyInfoDto> {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  execute(): Promise<CompanyInfoDto> {
    return Promise.resolve({ version_number: this.config.versionNumber });
  }
}
