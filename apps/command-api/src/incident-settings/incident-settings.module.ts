import { Module } from '@nestjs/common';
import { ChangeIncidentSettingsHandler } from './commands/change-incident-settings.handler';
import { ChangeIncidentTemplateHandler } from './commands/change-incident-template.handler';
import { FormRulesController } from './form-rules.controller';
import { IncidentFieldsController } from './incident-fields.controller';
import { IncidentFormsController } from './incident-forms.controller';
import { IncidentSettingsStream } from './incident-settings-stream';
import { IncidentTemplatesController } from './incident-templates.controller';

/** The incident settings writes: fields, forms, rules and templates. */
@Module({
  controllers: [IncidentFieldsController, IncidentFormsController, FormRulesController, IncidentTemplatesController],
  providers: [IncidentSettingsStream, ChangeIncidentSettingsHandler, ChangeIncidentTemplateHandler],
})
export class IncidentSettingsModule {}
