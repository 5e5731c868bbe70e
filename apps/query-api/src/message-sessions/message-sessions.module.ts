import { Module } from '@nestjs/common';
import { MessageSessionsController } from './message-sessions.controller';
import { FollowUpPlanner } from './planning/follow-up-planner';
import { MessageSessionWork } from './planning/message-session-work';
import { SessionPlanner } from './planning/session-planner';
import { QuickReportWork } from './quick-reports/quick-report-work';
import { RunResultHandler } from './queries/run-result.handler';
import { SessionProgressReader } from './session-progress';
import { TwoWayLinksModule } from './two-way/two-way.module';

/** Message sessions: what became of a send, and the work that carries sessions on (start when due, plan, follow up, complete, send the quick report). */
@Module({
  imports: [TwoWayLinksModule],
  controllers: [MessageSessionsController],
  providers: [SessionProgressReader, RunResultHandler, SessionPlanner, FollowUpPlanner, MessageSessionWork, QuickReportWork],
})
export class MessageSessionsModule {}
