import { randomUUID } from 'node:crypto';
import { Body, HttpCode, Inject, Param, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  OrganisationPermissionsRequestSchema,
  OrganisationQuotasRequestSchema,
  type OrganisationQuotasDto,
  type OrganisationQuotasRequest,
  ProvisionOrganisationRequestSchema,
  ROUTES,
  SuspendOrganisationRequestSchema,
  type OrganisationSuspensionDto,
  type SuspendOrganisationRequest,
  type OrganisationPermissionsDto,
  type OrganisationPermissionsRequest,
  type OrganisationProvisionedDto,
  type ProvisionOrganisationRequest,
} from '@beacon/contracts';
import { CommandController, CommandId, PlatformCall, ZodBodyPipe } from '@beacon/platform';
import { exposePosition } from '../shared/event-position';
import { ChangeOrganisationPermissionsCommand } from './commands/change-organisation-permissions.command';
import { ChangeOrganisationQuotasCommand } from './commands/change-organisation-quotas.command';
import { ChangeOrganisationSuspensionCommand } from './commands/change-organisation-suspension.command';
import { ProvisionOrganisationCommand } from './commands/provision-organisation.command';

type Response = Parameters<typeof exposePosition>[0];

/** The platform's operators' writes (platform.routes.ts): the platform key, never a user's token. */
@CommandController()
@PlatformCall()
export class OrganisationsController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(ROUTES.provisionOrganisation.path)
  @HttpCode(201)
  async provision(
    @Body(new ZodBodyPipe(ProvisionOrganisationRequestSchema, { detail: 'Invalid organisation.' })) input: ProvisionOrganisationRequest,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrganisationProvisionedDto> {
    const { position, ...provisioned } = await this.commandBus.execute(new ProvisionOrganisationCommand(input, commandId ?? randomUUID()));
    exposePosition(response, position);
    return provisioned;
  }

  @Post(ROUTES.suspendOrganisation.path)
  @HttpCode(200)
  async suspend(
    @Param('id') organisationId: string,
    @Body(new ZodBodyPipe(SuspendOrganisationRequestSchema, { detail: 'Invalid suspension.' })) input: SuspendOrganisationRequest,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrganisationSuspensionDto> {
    const { position, ...state } = await this.commandBus.execute(new ChangeOrganisationSuspensionCommand(organisationId, { suspend: true, reason: input.reason }, commandId));
    exposePosition(response, position);
    return state;
  }

  @Post(ROUTES.resumeOrganisation.path)
  @HttpCode(200)
  async resume(@Param('id') organisationId: string, @CommandId() commandId: string | undefined, @Res({ passthrough: true }) response: Response): Promise<OrganisationSuspensionDto> {
    const { position, ...state } = await this.commandBus.execute(new ChangeOrganisationSuspensionCommand(organisationId, { suspend: false }, commandId));
    exposePosition(response, position);
    return state;
  }

  @Put(ROUTES.changeOrganisationPermissions.path)
  async permissions(
    @Param('id') organisationId: string,
    @Body(new ZodBodyPipe(OrganisationPermissionsRequestSchema, { detail: 'Invalid feature permissions.' })) input: OrganisationPermissionsRequest,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrganisationPermissionsDto> {
    const { position, ...changed } = await this.commandBus.execute(new ChangeOrganisationPermissionsCommand(organisationId, input.root_permissions, commandId));
    exposePosition(response, position);
    return changed;
  }

  @Put(ROUTES.changeOrganisationQuotas.path)
  async quotas(
    @Param('id') organisationId: string,
    @Body(new ZodBodyPipe(OrganisationQuotasRequestSchema, { detail: 'The daily quotas are not valid.' })) input: OrganisationQuotasRequest,
    @CommandId() commandId: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrganisationQuotasDto> {
    const { position, ...changed } = await this.commandBus.execute(new ChangeOrganisationQuotasCommand(organisationId, input.quotas, commandId));
    exposePosition(response, position);
    return changed;
  }
}
