import { Module } from '@nestjs/common';
import { ScenarioNameHandler } from './queries/scenario-name.handler';
import { ScenarioHandler } from './queries/scenario.handler';
import { ScenariosHandler } from './queries/scenarios.handler';
import { ScenarioController } from './scenario.controller';
import { ScenarioReader } from './scenario-reader';

/** The message (scenario) reads: the list, one message, the name check. */
@Module({
  controllers: [ScenarioController],
  providers: [ScenarioReader, ScenariosHandler, ScenarioHandler, ScenarioNameHandler],
})
export class ScenarioModule {}
