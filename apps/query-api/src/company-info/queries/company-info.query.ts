import { Query } from '@nestjs/cqrs';
import type { CompanyInfoDto } from '@beacon/contracts';

/** What the shell shows about the running product: its version number. */
export class CompanyInfoQuery extends Query<CompanyInfoDto> {}
