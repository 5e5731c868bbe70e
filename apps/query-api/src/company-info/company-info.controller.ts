import { Get, Inject } from '@nestjs/common';
import { ROUTES, type CompanyInfoDto } from '@beacon/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';

@QueryController()
export class CompanyInfoController {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  @Get(ROUTES.companyInfo.path)
  companyInfo(): CompanyInfoDto {
    return { version_number: this.config.versionNumber };
  }
}
