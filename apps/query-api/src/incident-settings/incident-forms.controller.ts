import { Get, Inject, Param } from '@nestjs/common';
import { ROUTES, type FieldGroupDto, type FormFieldsDto, type IncidentFormDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { IncidentSettingsReader } from './incident-settings-reader';
import { QueryController } from '../shared/query-controller.decorator';

/** Reads of forms and field groups (spec part 1 §7 "Forms and field groups"). */
@QueryController()
export class IncidentFormsController {
  constructor(@Inject(IncidentSettingsReader) private readonly settings: IncidentSettingsReader) {}

  @Get(ROUTES.incidentForms.path)
  forms(@CurrentPrincipal() principal: Principal): Promise<IncidentFormDto[]> {
    return this.settings.forms(principal.rootId);
  }

  /** The fields the form uses, in its groups' order (registered before /form/:id/, though the paths never clash). */
  @Get(ROUTES.formFields.path)
  async formFields(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FormFieldsDto> {
    return this.settings.fieldsOfForm(principal.rootId, await this.settings.form(principal.rootId, id));
  }

  @Get(ROUTES.incidentForm.path)
  form(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<IncidentFormDto> {
    return this.settings.form(principal.rootId, id);
  }

  @Get(ROUTES.fieldGroup.path)
  fieldGroup(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<FieldGroupDto> {
    return this.settings.fieldGroup(principal.rootId, id);
  }
}
