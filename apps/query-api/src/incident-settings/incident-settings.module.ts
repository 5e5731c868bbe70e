import { Module } from '@nestjs/common';
import { FormRulesController } from './form-rules.controller';
import { IncidentFieldsController } from './incident-fields.controller';
import { IncidentFormsController } from './incident-forms.controller';
import { IncidentSettingsReader } from './incident-settings-reader';
import { IncidentTemplatesController } from './incident-templates.controller';
import { ConditionFieldTypeHandler } from './queries/condition-field-type.handler';
import { FieldAppearancesHandler } from './queries/field-appearances.handler';
import { FieldChoicesHandler } from './queries/field-choices.handler';
import { FieldGroupHandler } from './queries/field-group.handler';
import { FieldRulesHandler } from './queries/field-rules.handler';
import { FormFieldsHandler } from './queries/form-fields.handler';
import { FormRuleHandler } from './queries/form-rule.handler';
import { FormRulesHandler } from './queries/form-rules.handler';
import { IncidentFieldHandler } from './queries/incident-field.handler';
import { IncidentFieldsHandler } from './queries/incident-fields.handler';
import { IncidentFormHandler } from './queries/incident-form.handler';
import { IncidentFormsHandler } from './queries/incident-forms.handler';
import { IncidentTemplateHandler } from './queries/incident-template.handler';
import { IncidentTemplatesHandler } from './queries/incident-templates.handler';
import { PublicIncidentTemplateHandler } from './queries/public-incident-template.handler';

/** The incident settings reads: fields, forms, rules and templates. */
@Module({
  controllers: [IncidentFieldsController, IncidentFormsController, FormRulesController, IncidentTemplatesController],
  providers: [IncidentSettingsReader, IncidentFieldsHandler, IncidentFieldHandler, FieldChoicesHandler, FieldAppearancesHandler, FieldRulesHandler, ConditionFieldTypeHandler, IncidentFormsHandler, FormFieldsHandler, IncidentFormHandler, FieldGroupHandler, FormRulesHandler, FormRuleHandler, IncidentTemplatesHandler, IncidentTemplateHandler, PublicIncidentTemplateHandler],
})
export class IncidentSettingsModule {}
