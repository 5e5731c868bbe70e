import { Module } from '@nestjs/common';
import { ChangeContactFieldHandler } from './commands/change-contact-field.handler';
import { CreateContactFieldHandler } from './commands/create-contact-field.handler';
import { FieldController } from './field.controller';
import { ScenarioUsage } from './scenario-usage';

/** The contact field writes. */
@Module({
  controllers: [FieldController],
  providers: [CreateContactFieldHandler, ChangeContactFieldHandler, ScenarioUsage],
})
export class FieldModule {}
