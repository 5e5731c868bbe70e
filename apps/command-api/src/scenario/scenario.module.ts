import { Module } from '@nestjs/common';
import { CreateScenarioHandler } from './commands/create-scenario.handler';
import { ExistingScenarioHandler } from './commands/existing-scenario.handler';
import { ScenarioCatalogues } from './scenario-catalogues';
import { ScenarioController } from './scenario.controller';
import { MessageSessionController } from './message-session.controller';
import { SendScenarioHandler } from './commands/send-scenario.handler';
import { ResendSessionHandler } from './commands/resend-session.handler';

/** The message (scenario) writes, sending messages now or later, and resending a session to those with no reply. */
@Module({
  controllers: [ScenarioController, MessageSessionController],
  providers: [CreateScenarioHandler, ExistingScenarioHandler, SendScenarioHandler, ResendSessionHandler, ScenarioCatalogues],
})
export class ScenarioModule {}
