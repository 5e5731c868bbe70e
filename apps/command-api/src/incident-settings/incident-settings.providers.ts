import type { Provider, Type } from '@nestjs/common';
import { ChangeIncidentSettingsHandler } from './commands/change-incident-settings.handler';
import { ChangeIncidentTemplateHandler } from './commands/change-incident-template.handler';
import { IncidentSettingsStream } from './incident-settings-stream';
import { FormRulesController } from './form-rules.controller';
import { IncidentFieldsController } from './incident-fields.controller';
import { IncidentFormsController } from './incident-forms.controller';
import { IncidentTemplatesController } from './incident-templates.controller';

/** Controllers and providers of the incident settings calls this app serves. */
export const INCIDENT_SETTINGS_CONTROLLERS: Type[] = [IncidentFieldsController, IncidentFormsController, FormRulesController, IncidentTemplatesController];
export const INCIDENT_SETTINGS_PROVIDERS: Provider[] = [IncidentSettingsStream, ChangeIncidentSettingsHandler, ChangeIncidentTemplateHandler];
