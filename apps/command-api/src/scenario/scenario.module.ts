import { Module } from '@nestjs/common';
import { CreateScenarioHandler } from './commands/create-scenario.handler';
import { ExistingScenarioHandler } from './commands/existing-scenario.handler';
import { ScenarioCatalogues } from './scenario-catalogues';
import { ScenarioController } from './scenario.controller';

/** The message (scenario) writes. */
@Module({
  controllers: [ScenarioController],
  providers: [CreateScenarioHandler, ExistingScenarioHandler, ScenarioCatalogues],
})
export class ScenarioModule {}
