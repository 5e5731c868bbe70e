import { Body, Delete, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ChangeCustomerGroupRequestSchema,
  ChangeAuditSettingsRequestSchema,
  ChangeCustomerGroupSettingsRequestSchema,
  ChangeMergeFieldsRequestSchema,
  ChangeIncidentModuleSettingsRequestSchema,
  ConferenceSettingsSchema,
  CreateCustomerGroupRequestSchema,
  ID_MISMATCH,
  ROUTES,
  type ChangeCustomerGroupResponse,
  type CustomerGroupDto,
  type CustomerGroupSettingsDto,
  type AuditSettingsDto,
  type MergeFieldChoicesDto,
  type ConferenceSettingsDto,
  type IncidentModuleSettingsDto,
} from '@beacon/contracts';
import { auditSettingsWithAllLists, notFound, validationError, type AuditSettings } from '@beacon/domain';
import { CommandController, CommandId, CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import type { z } from 'zod';
import { exposePosition } from '../shared/event-position';
import { ChangeCustomerGroupDetailsCommand } from './commands/change-customer-group-details.command';
import { ChangeAuditSettingsCommand } from './commands/change-audit-settings.command';
import { ChangeConferenceSettingsCommand } from './commands/change-conference-settings.command';
import { ChangeCustomerGroupParentCommand } from './commands/change-customer-group-parent.command';
import { ChangeCustomerGroupSettingsCommand } from './commands/change-customer-group-settings.command';
import { ChangeMergeFieldsCommand } from './commands/change-merge-fields.command';
import { ChangeIncidentModuleSettingsCommand } from './commands/change-incident-module-settings.command';
import { CreateChildCustomerGroupCommand } from './commands/create-child-customer-group.command';
import { DeleteCustomerGroupCommand } from './commands/delete-customer-group.command';
import { newCustomerGroupDto } from './new-customer-group-dto';

type Response = Parameters<typeof exposePosition>[0];

@CommandController()
export class CustomerGroupController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  /** POST /api/customer_group/ (spec part 2 §7): a child group; answers it as GET /api/customer_group/self/ shows a group. */
  @Post(ROUTES.createCustomerGroup.path)
  @HttpCode(201)
  async createCustomerGroup(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(CreateCustomerGroupRequestSchema, { detail: 'Invalid customer group details.' }))
    input: z.output<typeof CreateCustomerGroupRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CustomerGroupDto> {
    const outcome = await this.commandBus.execute(new CreateChildCustomerGroupCommand(principal, input, commandId));
    exposePosition(response, outcome.position);
    return newCustomerGroupDto(outcome.group, outcome.rootPermissions);
  }

  /** DELETE /api/customer_group/{id}/ (spec part 2 §7): a group without users and child groups. */
  @Delete(ROUTES.deleteCustomerGroup.path)
  @HttpCode(204)
  async deleteCustomerGroup(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    exposePosition(response, await this.commandBus.execute(new DeleteCustomerGroupCommand(principal, customerGroupId, commandId)));
  }

  /**
   * PUT /api/customer_group/{id}/ (spec part 2 §7, body with id): name, should_use_autologout,
   * brand_login_url, and `parent` to move the group (recorded after the other fields, as its own event).
   */
  @Put(ROUTES.changeCustomerGroup.path)
  async changeCustomerGroup(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Body(new ZodBodyPipe(ChangeCustomerGroupRequestSchema, { detail: 'Invalid customer group details.' }))
    { id, name, should_use_autologout, brand_login_url, parent }: z.output<typeof ChangeCustomerGroupRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ChangeCustomerGroupResponse> {
    if (id !== undefined && id !== customerGroupId) throw validationError('The id does not match the customer group of the URL.', { id: [ID_MISMATCH] });
    let outcome = await this.commandBus.execute(new ChangeCustomerGroupDetailsCommand(principal, customerGroupId, { name, should_use_autologout, brand_login_url }, commandId));
    if (parent !== undefined) {
      const moved = await this.commandBus.execute(
        new ChangeCustomerGroupParentCommand(principal, customerGroupId, parent, commandId === undefined ? undefined : `${commandId}/parent`),
      );
      outcome = { position: Math.max(outcome.position, moved.position), group: moved.group };
    }
    exposePosition(response, outcome.position);
    const { group } = outcome;
    return {
      id: group.customerGroupId,
      ...(parent === undefined ? {} : { parent: group.parentId }),
      ...(name === undefined ? {} : { name: group.name }),
      ...(should_use_autologout === undefined ? {} : { should_use_autologout: group.shouldUseAutologout }),
      ...(brand_login_url === undefined ? {} : { brand_login_url: group.brandLoginUrl }),
    };
  }

  @Put(ROUTES.changeIncidentModuleSettings.path)
  async changeIncidentModuleSettings(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Body(new ZodBodyPipe(ChangeIncidentModuleSettingsRequestSchema, { detail: 'Invalid incident module settings.' }))
    input: z.output<typeof ChangeIncidentModuleSettingsRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<IncidentModuleSettingsDto> {
    const outcome = await this.commandBus.execute(new ChangeIncidentModuleSettingsCommand(principal, customerGroupId, input, commandId));
    exposePosition(response, outcome.position);
    return { module_name: input.module_name, module_name_plural: input.module_name_plural };
  }

  /** PUT /api/customer_group_settings/{id}/ (spec part 2 §7): the settings sent; answers every setting as now stored. */
  @Put(ROUTES.changeCustomerGroupSettings.path)
  async changeCustomerGroupSettings(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Body(new ZodBodyPipe(ChangeCustomerGroupSettingsRequestSchema, { detail: 'Invalid customer group settings.' }))
    settings: z.output<typeof ChangeCustomerGroupSettingsRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CustomerGroupSettingsDto> {
    const outcome = await this.commandBus.execute(new ChangeCustomerGroupSettingsCommand(principal, customerGroupId, settings, commandId));
    exposePosition(response, outcome.position);
    if (outcome.state.status !== 'active') throw notFound();
    return outcome.state.settings;
  }

  /** PUT /api/customer_group_conference_settings/{id}/ (spec part 2 §7): the group's conference messages. */
  @Put(ROUTES.changeConferenceSettings.path)
  async changeConferenceSettings(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Body(new ZodBodyPipe(ConferenceSettingsSchema, { detail: 'Invalid conference settings.' })) conference: z.output<typeof ConferenceSettingsSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ConferenceSettingsDto> {
    const outcome = await this.commandBus.execute(new ChangeConferenceSettingsCommand(principal, customerGroupId, conference, commandId));
    exposePosition(response, outcome.position);
    if (outcome.state.status !== 'active') throw notFound();
    return outcome.state.settings.conference;
  }

  /** POST /api/customer_group_audit_settings/{id}/ (spec part 2 §7): saves the settings object as §4 clears it. */
  @Post(ROUTES.changeAuditSettings.path)
  @HttpCode(200)
  async changeAuditSettings(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Body(new ZodBodyPipe(ChangeAuditSettingsRequestSchema, { detail: 'Invalid audit settings.' })) audit: AuditSettings,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuditSettingsDto> {
    const outcome = await this.commandBus.execute(new ChangeAuditSettingsCommand(principal, customerGroupId, audit, commandId));
    exposePosition(response, outcome.position);
    if (outcome.state.status !== 'active') throw notFound();
    return auditSettingsWithAllLists(outcome.state.audit);
  }

  /** POST /api/merge_fields/{id}/ (spec part 2 §7) with field_data: merge_field_enabled per field. */
  @Post(ROUTES.changeMergeFields.path)
  @HttpCode(200)
  async changeMergeFields(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Body(new ZodBodyPipe(ChangeMergeFieldsRequestSchema, { detail: 'Invalid merge fields.' })) { field_data }: z.output<typeof ChangeMergeFieldsRequestSchema>,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MergeFieldChoicesDto> {
    const outcome = await this.commandBus.execute(new ChangeMergeFieldsCommand(principal, customerGroupId, field_data, commandId));
    exposePosition(response, outcome.position);
    if (outcome.state.status !== 'active') throw notFound();
    const enabled = new Set(outcome.state.mergeFieldIds);
    const ids = [...new Set([...field_data.map((entry) => entry.id), ...enabled])];
    return { field_data: ids.map((id) => ({ id, merge_field_enabled: enabled.has(id) })) };
  }
}
