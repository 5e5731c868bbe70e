import { Module } from '@nestjs/common';
import { OnCallController } from './on-call.controller';
import { OnCallReader } from './on-call-reader';
import { AssignUsersOnCallHandler } from './queries/assign-users-on-call.handler';
import { ExportCustomerGroupOnCallHandler } from './queries/export-customer-group-on-call.handler';
import { ExportOnCallPeriodsHandler } from './queries/export-on-call-periods.handler';
import { ExportUsersOnCallHandler } from './queries/export-users-on-call.handler';
import { OnCallRecipientsHandler } from './queries/on-call-recipients.handler';
import { OnCallReportHandler } from './queries/on-call-report.handler';
import { OnCallSettingsHandler } from './queries/on-call-settings.handler';
import { OnCallStaffingHandler } from './queries/on-call-staffing.handler';
import { UserOnCallHandler } from './queries/user-on-call.handler';

/** The on-call reads: settings and staffing, a user's weeks, who can be and who is on call, exports. */
@Module({
  controllers: [OnCallController],
  providers: [
    OnCallReader,
    OnCallSettingsHandler,
    OnCallStaffingHandler,
    UserOnCallHandler,
    AssignUsersOnCallHandler,
    OnCallRecipientsHandler,
    ExportOnCallPeriodsHandler,
    ExportUsersOnCallHandler,
    ExportCustomerGroupOnCallHandler,
    OnCallReportHandler,
  ],
})
export class OnCallModule {}
