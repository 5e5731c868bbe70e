import { Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type FieldGroupDto, type FormFieldsDto, type IncidentFormDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { FieldGroupQuery } from './queries/field-group.query';
import { FormFieldsQuery } from './queries/form-fields.query';
import { IncidentFormQuery } from './queries/incident-form.query';
import { IncidentFormsQuery } from './queries/incident-forms.query';
import { QueryController } from '../shared/query-controller.decorator';

/** Reads of forms and field groups (spec part 1 §7 "Forms and field groups"). */
@QueryController()
export class IncidentFormsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.incidentForms.path)
  forms(@CurrentPrincipal() principal: Principal): Promise<IncidentFormDto[]> {
    return this.queryBus.execute(new IncidentFormsQuery(principal));
  }

  /** The fields the form uses, in its groups' order (registered before /form/:id/, though the paths never clash). */
  @Get(ROUTES.formFields.path)
  formFields(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FormFieldsDto> {
    return this.queryBus.execute(new FormFieldsQuery(principal, id));
  }

  @Get(ROUTES.incidentForm.path)
  form(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentFormDto> {
    return this.queryBus.execute(new IncidentFormQuery(principal, id));
  }

  @Get(ROUTES.fieldGroup.path)
  fieldGroup(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FieldGroupDto> {
    return this.queryBus.execute(new FieldGroupQuery(principal, id));
  }
}
