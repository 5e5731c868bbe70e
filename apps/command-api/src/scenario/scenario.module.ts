import { Module } from '@nestjs/common';
import { CreateScenarioHandler } from './commands/create-scenario.handler';
import { ExistingScenarioHandler } from './commands/existing-scenario.handler';
import { ScenarioCatalogues } from './scenario-catalogues';
import { ScenarioController } from './scenario.controller';
import { MessageSessionController } from './message-session.controller';
import { SendScenarioHandler } from './commands/send-scenario.handler';

/** The message (scenario) writes, and sending messages now or later. */
@Module({
  controllers: [ScenarioController, MessageSessionController],
  providers: [CreateScenarioHandler, ExistingScenarioHandler, SendScenarioHandler, ScenarioCatalogues],
})
export class ScenarioModule {}
