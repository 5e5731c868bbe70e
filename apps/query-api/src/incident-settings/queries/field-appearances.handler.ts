import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FieldAppearancesDto } from '@beacon/contracts';
import { IncidentSettingsReader } from '../incident-settings-reader';
import { FieldAppearancesQuery } from './field-appearances.query';

/** GET /api/incidents/field_appearances/{id}/ (404 for a field the organisation does not have). */
@QueryHandler(FieldAppearancesQuery)
export class FieldAppearancesHandler implements IQueryHandler<FieldAppearancesQuery, FieldAppearancesDto> {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  async execute({ principal, fieldId }: FieldAppearancesQuery): Promise<FieldAppearancesDto> {
    const field = await this.settings.field(principal.rootId, fieldId);
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
}
