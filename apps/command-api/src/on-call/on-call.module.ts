import { Module } from '@nestjs/common';
import { AssignOnCallHandler } from './commands/assign-on-call.handler';
import { ChangeOnCallPeriodHandler } from './commands/change-on-call-period.handler';
import { ChangeOnCallSettingsHandler } from './commands/change-on-call-settings.handler';
import { CreateOnCallPeriodHandler } from './commands/create-on-call-period.handler';
import { DeleteOnCallPeriodHandler } from './commands/delete-on-call-period.handler';
import { OnCallController } from './on-call.controller';
import { OnCallFieldCatalogue } from './on-call-field-catalogue';
import { OnCallRosters } from './on-call-rosters';
import { OnCallUsers } from './on-call-users';
import { StaffingWarnings } from './staffing-warnings';

/** The on-call writes: users' periods (one roster stream per user), assignments, and the groups' on-call settings. */
@Module({
  controllers: [OnCallController],
  providers: [
    ChangeOnCallSettingsHandler,
    CreateOnCallPeriodHandler,
    ChangeOnCallPeriodHandler,
    DeleteOnCallPeriodHandler,
    AssignOnCallHandler,
    OnCallFieldCatalogue,
    OnCallRosters,
    OnCallUsers,
    StaffingWarnings,
  ],
})
export class OnCallModule {}
