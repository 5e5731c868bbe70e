import { Query } from '@nestjs/cqrs';
import type { UserExportFormat } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { UserExportFile } from './user-export.handler';
import type { UserListQueryParams } from './user-list-query';

/** Every user of a customer group's list (its filters and order, no paging) as a CSV or XLSX file. */
export class UserExportQuery extends Query<UserExportFile> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly params: Omit<UserListQueryParams, 'items_per_page' | 'page_number'>,
    readonly format: UserExportFormat,
  ) {
    super();
  }
}
