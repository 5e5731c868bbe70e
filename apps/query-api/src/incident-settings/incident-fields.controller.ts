import { Get, Inject, Param } from '@nestjs/common';
import {
  ROUTES,
  type ConditionFieldTypeDto,
  type FieldAppearancesDto,
  type FieldChoiceOptionDto,
  type FormRuleDto,
  type IncidentFieldDto,
} from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { IncidentSettingsReader } from './incident-settings-reader';
import { QueryController } from '../shared/query-controller.decorator';

/** Reads of incident fields, their options and where a field is used (spec part 1 §7 "Incident fields and options"). */
@QueryController()
export class IncidentFieldsController {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  @Get(ROUTES.incidentFields.path)
  fields(@CurrentPrincipal() principal: Principal): Promise<IncidentFieldDto[]> {
    return this.settings.fields(principal.rootId);
  }

  @Get(ROUTES.incidentField.path)
  field(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentFieldDto> {
    return this.settings.field(principal.rootId, id);
  }

  /** Every choice option of the organisation, field by field in the fields' order. */
  @Get(ROUTES.fieldChoices.path)
  async choices(@CurrentPrincipal() principal: Principal): Promise<FieldChoiceOptionDto[]> {
    return (await this.settings.fields(principal.rootId)).flatMap((field) => field.options);
  }

  /** Where the field is used: the groups mapping it, the groups with a display condition on it, its rules. */
  @Get(ROUTES.fieldAppearances.path)
  async appearances(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FieldAppearancesDto> {
    const field = await this.settings.field(principal.rootId, id);
    const [forms, rules] = await Promise.all([this.settings.forms(principal.rootId), this.settings.rules(principal.rootId, { for_field: field.id })]);
    const groups = forms.flatMap((form) => form.field_groups.map((group) => ({ group, form })));
    return {
      field: field.id,
      field_groups: groups
        .filter(({ group }) => group.form_field_mappings.some((mapping) => mapping.field === field.id))
        .map(({ group, form }) => ({ id: group.id, title: group.title, form: form.id, form_name: form.name })),
      conditions: groups
        .filter(({ group }) => group.display_conditions.some((condition) => condition.field_id === field.id))
        .map(({ group, form }) => ({ field_group_id: group.id, title: group.title, form: form.id, form_name: form.name })),
      rules,
    };
  }

  @Get(ROUTES.fieldRules.path)
  async rules(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FormRuleDto[]> {
    const field = await this.settings.field(principal.rootId, id);
    return this.settings.rules(principal.rootId, { for_field: field.id });
  }

  /** What a display condition on the field can test: its type and options. */
  @Get(ROUTES.conditionFieldType.path)
  async conditionFieldType(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ConditionFieldTypeDto> {
    const field = await this.settings.field(principal.rootId, id);
    return { id: field.id, field_type: field.field_type, options: field.options };
  }
}
