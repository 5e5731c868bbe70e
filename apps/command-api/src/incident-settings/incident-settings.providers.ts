import type { Provider, Type } from '@nestjs/common';
import { IncidentSettingsCommandHandler } from './commands/incident-settings-command.handler';
import { IncidentTemplateCommandsHandler } from './commands/incident-template-commands.handler';
import { FormRulesController } from './form-rules.controller';
import { IncidentFieldsController } from './incident-fields.controller';
import { IncidentFormsController } from './incident-forms.controller';
import { IncidentTemplatesController } from './incident-templates.controller';

/** Controllers and providers of the incident settings calls this app serves. */
export const INCIDENT_SETTINGS_CONTROLLERS: Type[] = [IncidentFieldsController, IncidentFormsController, FormRulesController, IncidentTemplatesController];
export const INCIDENT_SETTINGS_PROVIDERS: Provider[] = [IncidentSettingsCommandHandler, IncidentTemplateCommandsHandler];
