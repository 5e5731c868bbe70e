import { Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ROUTES,
  type ConditionFieldTypeDto,
  type FieldAppearancesDto,
  type FieldChoiceOptionDto,
  type FormRuleDto,
  type IncidentFieldDto,
} from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { ConditionFieldTypeQuery } from './queries/condition-field-type.query';
import { FieldAppearancesQuery } from './queries/field-appearances.query';
import { FieldChoicesQuery } from './queries/field-choices.query';
import { FieldRulesQuery } from './queries/field-rules.query';
import { IncidentFieldQuery } from './queries/incident-field.query';
import { IncidentFieldsQuery } from './queries/incident-fields.query';
import { QueryController } from '../shared/query-controller.decorator';

/** Reads of incident fields, their options and where a field is used (spec part 1 §7 "Incident fields and options"). */
@QueryController()
export class IncidentFieldsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.incidentFields.path)
  fields(@CurrentPrincipal() principal: Principal): Promise<IncidentFieldDto[]> {
    return this.queryBus.execute(new IncidentFieldsQuery(principal));
  }

  @Get(ROUTES.incidentField.path)
  field(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentFieldDto> {
    return this.queryBus.execute(new IncidentFieldQuery(principal, id));
  }

  /** Every choice option of the organisation, field by field in the fields' order. */
  @Get(ROUTES.fieldChoices.path)
  choices(@CurrentPrincipal() principal: Principal): Promise<FieldChoiceOptionDto[]> {
    return this.queryBus.execute(new FieldChoicesQuery(principal));
  }

  /** Where the field is used: the groups mapping it, the groups with a display condition on it, its rules. */
  @Get(ROUTES.fieldAppearances.path)
  appearances(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FieldAppearancesDto> {
    return this.queryBus.execute(new FieldAppearancesQuery(principal, id));
  }

  @Get(ROUTES.fieldRules.path)
  rules(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FormRuleDto[]> {
    return this.queryBus.execute(new FieldRulesQuery(principal, id));
  }

  /** What a display condition on the field can test: its type and options. */
  @Get(ROUTES.conditionFieldType.path)
  conditionFieldType(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ConditionFieldTypeDto> {
    return this.queryBus.execute(new ConditionFieldTypeQuery(principal, id));
  }
}
