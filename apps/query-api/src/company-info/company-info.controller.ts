import { Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type CompanyInfoDto } from '@beacon/contracts';
import { CompanyInfoQuery } from './queries/company-info.query';
import { QueryController } from '../shared/query-controller.decorator';

@QueryController()
export class CompanyInfoController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.companyInfo.path)
  companyInfo(): Promise<CompanyInfoDto> {
    return this.queryBus.execute(new CompanyInfoQuery());
  }
}
