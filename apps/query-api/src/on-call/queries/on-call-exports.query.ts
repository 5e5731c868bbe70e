import { Query } from '@nestjs/cqrs';
import type { OnCallGroupExportRequestSchema } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';
import type { OnCallCsvFile } from '../on-call-csv';

/** POST /api/export_on_call_periods/{id}/: a user's periods (those overlapping the range, when one is given). */
export class ExportOnCallPeriodsQuery extends Query<OnCallCsvFile> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly startDate: string | undefined,
    readonly endDate: string | undefined,
    readonly now: number,
  ) {
    super();
  }
}

export type OnCallGroupExportRequest = z.output<typeof OnCallGroupExportRequestSchema>;

/** POST /api/user/export/on_call_csv/: the periods of a group's users, user by user. */
export class ExportUsersOnCallQuery extends Query<OnCallCsvFile> {
  constructor(
    readonly principal: Principal,
    readonly request: OnCallGroupExportRequest,
    readonly now: number,
  ) {
    super();
  }
}

/** POST /api/customer_group_on_call_export/: a group's roster, in time order. */
export class ExportCustomerGroupOnCallQuery extends Query<OnCallCsvFile> {
  constructor(
    readonly principal: Principal,
    readonly request: OnCallGroupExportRequest,
    readonly now: number,
  ) {
    super();
  }
}

/** GET /api/export_reports/{id}/: per staffing minimum, how many holding the option are on call at an instant. */
export class OnCallReportQuery extends Query<OnCallCsvFile> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly at: number,
  ) {
    super();
  }
}
