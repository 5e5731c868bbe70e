import { Module } from '@nestjs/common';
import { FieldController } from './field.controller';
import { CustomerGroupFieldsHandler } from './queries/customer-group-fields.handler';
import { ScenarioUsageHandler } from './queries/scenario-usage.handler';

/** The contact field reads. */
@Module({
  controllers: [FieldController],
  providers: [CustomerGroupFieldsHandler, ScenarioUsageHandler],
})
export class FieldModule {}
